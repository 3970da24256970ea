import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { MysqlTarget } from '../../../shared/database/database-url';

/*
 * Backup files: one gzip file per backup under DATA_DIR/backups, with a `<file>.sha256` beside it (the
 * sha256sum format) that the restore checks before it touches anything. SQLite backups are copies made
 * with SQLite's online backup API (consistent while the app writes); MySQL backups are SQL dumps taken in
 * one REPEATABLE READ snapshot (--single-transaction), by mariadb-dump / mysqldump when installed, else by
 * the streaming dump below. Used by the app (routine.Backup) and by `npm run backup:restore`.
 */

export const BACKUP_NAME = /^wms-\d{8}-\d{6}-\d{3}\.(sqlite|sql)\.gz$/;

export function backupsDir(dataDirectory: string): string {
  return join(dataDirectory, 'backups');
}

/** The path of a backup by its name, or null for anything that is not exactly a backup name (no path escapes). */
export function backupPath(dataDirectory: string, name: string): string | null {
  return BACKUP_NAME.test(name) ? join(backupsDir(dataDirectory), name) : null;
}

export function newBackupName(kind: 'sqlite' | 'mysql', now = new Date()): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}-${p(now.getUTCMilliseconds(), 3)}`;
  return `wms-${stamp}.${kind === 'sqlite' ? 'sqlite' : 'sql'}.gz`;
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export function writeChecksum(path: string, checksum: string): void {
  writeFileSync(`${path}.sha256`, `${checksum}  ${path.split(/[\\/]/).pop()}\n`);
}

/** Refuses a file whose checksum file is missing or disagrees (a truncated or altered file). */
export async function verifyChecksum(path: string): Promise<string> {
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  if (!existsSync(`${path}.sha256`)) throw new Error(`${path}.sha256 is missing: the file cannot be verified`);
  const expected = readFileSync(`${path}.sha256`, 'utf8').trim().split(/\s+/)[0];
  const actual = await sha256Of(path);
  if (!/^[0-9a-f]{64}$/.test(expected) || expected !== actual) throw new Error(`checksum mismatch: expected ${expected}, the file has ${actual}; it is truncated or altered`);
  return actual;
}

/** Counts the bytes that pass (the progress of a running backup). */
function counter(onBytes: (bytes: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      onBytes(total);
      done(null, chunk);
    },
  });
}

interface SqliteDatabase {
  backup(destination: string): Promise<unknown>;
}

/** SQLite: the online backup API copies a consistent image while the app keeps writing, then it is gzipped. */
export async function dumpSqlite(db: SqliteDatabase, target: string, onBytes: (bytes: number) => void): Promise<void> {
  const copy = `${target}.tmp-copy`;
  try {
    await db.backup(copy);
    await pipeline(createReadStream(copy), createGzip(), counter(onBytes), createWriteStream(target));
  } finally {
    rmSync(copy, { force: true });
  }
}

export function findTool(names: string[]): string | null {
  for (const name of names) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}

function mysqlArgs(target: MysqlTarget): { args: string[]; env: NodeJS.ProcessEnv } {
  const host = target.hosts[0];
  return { args: ['-h', host.host, '-P', String(host.port), '-u', target.user, '--protocol=TCP'], env: { ...process.env, MYSQL_PWD: target.password } };
}

/** MySQL: one consistent snapshot, streamed through gzip to the file. `useTool: false` forces the Node dump. */
export async function dumpMysql(target: MysqlTarget, file: string, onBytes: (bytes: number) => void, useTool = true): Promise<void> {
  const tool = useTool ? findTool(['mariadb-dump', 'mysqldump']) : null;
  if (!tool) {
    await pipeline(nodeDump(target), createGzip(), counter(onBytes), createWriteStream(file));
    return;
  }
  const { args, env } = mysqlArgs(target);
  const child = spawn(tool, [...args, '--single-transaction', '--quick', '--routines', '--triggers', '--skip-lock-tables', '--default-character-set=utf8mb4', target.database], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  await pipeline(child.stdout, createGzip(), counter(onBytes), createWriteStream(file));
  const code = await exited;
  if (code !== 0) throw new Error(`${tool} failed (${code}): ${stderr.trim().slice(0, 200)}`);
}

/**
 * A dump in Node for hosts without mariadb-dump: tables, rows in batches, then triggers, all read inside one
 * `START TRANSACTION WITH CONSISTENT SNAPSHOT`, streamed row by row (memory stays flat).
 */
function nodeDump(target: MysqlTarget): Readable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mysql = require('mysql2');
  const host = target.hosts[0];
  const connection = mysql.createConnection({ host: host.host, port: host.port, user: target.user, password: target.password, database: target.database, charset: 'utf8mb4', dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  const q = (sql: string): Promise<any[]> => new Promise((resolve, reject) => connection.query(sql, (error: Error | null, rows: any[]) => (error ? reject(error) : resolve(rows))));
  const id = (name: string) => `\`${name.replace(/`/g, '``')}\``;
  async function* lines(): AsyncGenerator<string> {
    try {
      await q('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await q('START TRANSACTION WITH CONSISTENT SNAPSHOT');
      yield '-- wms dump (Node)\nSET NAMES utf8mb4;\nSET FOREIGN_KEY_CHECKS=0;\n';
      const tables = (await q("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'")).map((row) => String(Object.values(row)[0]));
      for (const table of tables) {
        const [create] = await q(`SHOW CREATE TABLE ${id(table)}`);
        yield `DROP TABLE IF EXISTS ${id(table)};\n${String(create['Create Table']).replace(/\n/g, ' ')};\n`;
        const rows: Readable = connection.query(`SELECT * FROM ${id(table)}`).stream({ highWaterMark: 500 });
        let batch: string[] = [];
        for await (const row of rows) {
          batch.push(`(${Object.values(row as Record<string, unknown>).map((v) => mysql.escape(v)).join(',')})`);
          if (batch.length === 200) {
            yield `INSERT INTO ${id(table)} VALUES ${batch.join(',')};\n`;
            batch = [];
          }
        }
        if (batch.length) yield `INSERT INTO ${id(table)} VALUES ${batch.join(',')};\n`;
      }
      for (const trigger of await q('SHOW TRIGGERS')) {
        const [create] = await q(`SHOW CREATE TRIGGER ${id(trigger.Trigger)}`);
        yield `DROP TRIGGER IF EXISTS ${id(trigger.Trigger)};\nDELIMITER ;;\n${String(create['SQL Original Statement']).replace(/\n/g, ' ')};;\nDELIMITER ;\n`;
      }
      yield 'SET FOREIGN_KEY_CHECKS=1;\n';
      await q('COMMIT');
    } finally {
      connection.end();
    }
  }
  return Readable.from(lines());
}

/** Statements of a dump, one at a time: a statement ends with a line ending in the current delimiter. */
export async function* statementsOf(input: Readable): AsyncGenerator<string> {
  let delimiter = ';';
  let pending = '';
  let carry = '';
  for await (const chunk of input) {
    const text = carry + chunk.toString('utf8');
    const parts = text.split('\n');
    carry = parts.pop() ?? '';
    for (const line of parts) {
      const match = /^DELIMITER\s+(\S+)\s*$/i.exec(line);
      if (match && !pending) {
        delimiter = match[1];
        continue;
      }
      if (!pending && (line.startsWith('--') || !line.trim())) continue;
      pending += (pending ? '\n' : '') + line;
      if (line.trimEnd().endsWith(delimiter)) {
        yield pending.trimEnd().slice(0, -delimiter.length);
        pending = '';
      }
    }
  }
  if ((pending + carry).trim()) throw new Error('the dump ends in the middle of a statement: it is truncated');
}

/**
 * Puts a verified backup in place of the database (the app must be stopped). SQLite: the file is unpacked
 * beside the database, checked with `PRAGMA integrity_check`, then moved over it. MySQL: the dump is run
 * through the mariadb / mysql client, or statement by statement in Node without one.
 */
export async function restoreBackup(file: string, settings: { kind: 'sqlite' | 'mysql'; database: string; mysql?: MysqlTarget }, log: (line: string) => void = () => undefined): Promise<void> {
  const checksum = await verifyChecksum(file);
  log(`checksum ${checksum} verified`);
  const isSqliteFile = /\.sqlite\.gz$/.test(file);
  if (isSqliteFile !== (settings.kind === 'sqlite')) throw new Error(`${file} is a ${isSqliteFile ? 'SQLite' : 'MySQL'} backup; the configured database is ${settings.kind === 'sqlite' ? 'SQLite' : 'MySQL'}`);
  if (settings.kind === 'sqlite') {
    const unpacked = `${settings.database}.restoring`;
    mkdirSync(join(settings.database, '..'), { recursive: true });
    await pipeline(createReadStream(file), createGunzip(), createWriteStream(unpacked));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Sqlite = require('better-sqlite3');
    const db = new Sqlite(unpacked, { readonly: true });
    const [{ integrity_check: integrity }] = db.pragma('integrity_check');
    db.close();
    if (integrity !== 'ok') {
      rmSync(unpacked, { force: true });
      throw new Error(`the unpacked database fails its integrity check: ${integrity}`);
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${settings.database}${suffix}`, { force: true });
    renameSync(unpacked, settings.database);
    log(`restored ${settings.database} (${statSync(settings.database).size} bytes)`);
    return;
  }
  const target = settings.mysql!;
  // A truncated gzip stream fails here, before anything is written.
  await pipeline(createReadStream(file), createGunzip(), new Writable({ write: (_c, _e, done) => done() }));
  await createMysqlDatabase(target);
  const client = findTool(['mariadb', 'mysql']);
  if (client) {
    const { args, env } = mysqlArgs(target);
    const child = spawn(client, [...args, '--default-character-set=utf8mb4', target.database], { env, stdio: ['pipe', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    await pipeline(createReadStream(file), createGunzip(), child.stdin);
    const code = await exited;
    if (code !== 0) throw new Error(`${client} failed (${code}): ${stderr.trim().slice(0, 300)}`);
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mysql = require('mysql2/promise');
    const host = target.hosts[0];
    const connection = await mysql.createConnection({ host: host.host, port: host.port, user: target.user, password: target.password, database: target.database, charset: 'utf8mb4' });
    try {
      for await (const statement of statementsOf(createReadStream(file).pipe(createGunzip()))) await connection.query(statement);
    } finally {
      await connection.end();
    }
  }
  log(`restored database ${target.database}`);
}

async function createMysqlDatabase(target: MysqlTarget): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mysql = require('mysql2/promise');
  const host = target.hosts[0];
  const connection = await mysql.createConnection({ host: host.host, port: host.port, user: target.user, password: target.password });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
}
