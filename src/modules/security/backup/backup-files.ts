import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { MysqlTarget } from '../../../shared/database/database-url';
import { dumpStatementProblem } from '../domain/dump-target';

/*
 * Backup files: one gzip file per backup under DATA_DIR/backups, signed inside (see signature below), with a
 * `<file>.sha256` beside it (the sha256sum format); the restore checks both before it touches anything. SQLite backups are copies made
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

/**
 * Refuses a file whose `.sha256` disagrees (a truncated or altered file). Without one (a downloaded backup),
 * answers null: the signature alone then vouches for the file.
 */
export async function verifyChecksum(path: string): Promise<string | null> {
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  if (!existsSync(`${path}.sha256`)) return null;
  const expected = readFileSync(`${path}.sha256`, 'utf8').trim().split(/\s+/)[0];
  const actual = await sha256Of(path);
  if (!/^[0-9a-f]{64}$/.test(expected) || expected !== actual) throw new Error(`checksum mismatch: expected ${expected}, the file has ${actual}; it is truncated or altered`);
  return actual;
}

/*
 * The signature: an HMAC-SHA256, with the backup key, of every byte of the file after its gzip header, kept
 * in the header's comment field (gzip's FCOMMENT, which every gunzip skips), so it travels with the file —
 * downloaded or copied, a backup verifies wherever the key is. The key is BACKUP_KEY, which the operator keeps
 * apart from the backups; without it, a key generated once in DATA_DIR (which restores only where that file
 * is). The comment also names the key by an id (the start of a hash of it), to tell "another key" from
 * "altered".
 */

export const BACKUP_KEY_FILE = 'backup-key';
export const BACKUP_KEY_MIN_LENGTH = 32;

export interface BackupKey {
  key: Buffer;
  /** 16 hex digits of a hash of the key: tells keys apart, reveals nothing usable. */
  id: string;
  source: 'BACKUP_KEY' | 'DATA_DIR';
}

function keyOf(text: string, source: BackupKey['source']): BackupKey {
  const key = Buffer.from(text, 'utf8');
  return { key, id: createHash('sha256').update('wms backup key\0').update(key).digest('hex').slice(0, 16), source };
}

/**
 * BACKUP_KEY (at least 32 characters), or the key in DATA_DIR/backup-key — generated there when `create`
 * (the app), never by a restore, which refuses without a key.
 */
export function backupKey(env: NodeJS.ProcessEnv, dataDirectory: string, options: { create: boolean }): BackupKey {
  const fromEnv = env.BACKUP_KEY ?? '';
  if (fromEnv) {
    if (fromEnv.length < BACKUP_KEY_MIN_LENGTH) throw new Error(`BACKUP_KEY must be at least ${BACKUP_KEY_MIN_LENGTH} characters (e.g. the output of \`openssl rand -base64 32\`)`);
    return keyOf(fromEnv, 'BACKUP_KEY');
  }
  const file = join(dataDirectory, BACKUP_KEY_FILE);
  if (!existsSync(file)) {
    if (!options.create) throw new Error(`no backup key: set BACKUP_KEY, or put the ${BACKUP_KEY_FILE} file of the machine that made the backup into ${dataDirectory}`);
    mkdirSync(dataDirectory, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return keyOf(readFileSync(file, 'utf8').trim(), 'DATA_DIR');
}

/** What the app says at start about its backup key: nothing with BACKUP_KEY, else where its own key is (made now). */
export function backupKeyWarning(env: NodeJS.ProcessEnv, dataDirectory: string): string | null {
  const key = backupKey(env, dataDirectory, { create: true });
  if (key.source === 'BACKUP_KEY') return null;
  return `BACKUP_KEY is not set: backups are signed with the key generated in ${join(dataDirectory, BACKUP_KEY_FILE)} and restore only where that key is. Keep a copy of it apart from the backups, or set BACKUP_KEY (docs/SAFETY.md).`;
}

const GZIP_HEADER = 10;
const FCOMMENT = 0x10;
const SIGNATURE = /^wms-backup v1 hmac-sha256 key=([0-9a-f]{16}) sig=([0-9a-f]{64})$/;
const PLACEHOLDER = `wms-backup v1 hmac-sha256 key=${'0'.repeat(16)} sig=${'0'.repeat(64)}`;

/**
 * Goes right after the gzip stream: gives zlib's 10-byte header the comment flag and a comment of the
 * signature's length, which `signBackup` fills in once the file is complete.
 */
export function withSignatureSpace(): Transform {
  let header = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (header.length >= GZIP_HEADER) return done(null, chunk);
      header = Buffer.concat([header, chunk]);
      if (header.length < GZIP_HEADER) return done();
      if (header[0] !== 0x1f || header[1] !== 0x8b || header[3] !== 0) return done(new Error('unexpected gzip header'));
      const flagged = Buffer.from(header.subarray(0, GZIP_HEADER));
      flagged[3] = FCOMMENT;
      done(null, Buffer.concat([flagged, Buffer.from(`${PLACEHOLDER}\0`, 'latin1'), header.subarray(GZIP_HEADER)]));
    },
  });
}

/** The signed bytes of a backup file: from the end of its header (and comment) to the end. */
async function hmacAfter(path: string, offset: number, key: Buffer): Promise<Buffer> {
  const hmac = createHmac('sha256', key);
  for await (const chunk of createReadStream(path, { start: offset })) hmac.update(chunk as Buffer);
  return hmac.digest();
}

/** The header of a backup file: where its comment is and what it says (null: no comment, an unsigned file). */
function readHeader(path: string): { commentAt: number; comment: string; dataAt: number } | null {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(GZIP_HEADER + PLACEHOLDER.length + 1);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read < GZIP_HEADER || head[0] !== 0x1f || head[1] !== 0x8b) throw new Error(`${path} is not a gzip file`);
    if (head[3] !== FCOMMENT) return null;
    const end = head.indexOf(0, GZIP_HEADER);
    if (end < 0) return null;
    return { commentAt: GZIP_HEADER, comment: head.subarray(GZIP_HEADER, end).toString('latin1'), dataAt: end + 1 };
  } finally {
    closeSync(fd);
  }
}

/** Writes the signature of a finished backup file (made with the signature space) into its header. */
export async function signBackup(path: string, key: BackupKey): Promise<void> {
  const header = readHeader(path);
  if (!header || header.comment !== PLACEHOLDER) throw new Error(`${path} has no room for a signature`);
  const signature = `wms-backup v1 hmac-sha256 key=${key.id} sig=${(await hmacAfter(path, header.dataAt, key.key)).toString('hex')}`;
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.from(signature, 'latin1'), 0, signature.length, header.commentAt);
  } finally {
    closeSync(fd);
  }
}

/** Refuses a backup that is unsigned, signed with another key, or altered since it was signed. */
export async function verifySignature(path: string, key: BackupKey): Promise<void> {
  const header = readHeader(path);
  const match = header ? SIGNATURE.exec(header.comment) : null;
  if (!header || !match) throw new Error(`${path} is not signed: a backup without a signature cannot be trusted`);
  if (match[1] !== key.id) throw new Error(`${path} is signed with another key (key id ${match[1]}; the ${key.source === 'BACKUP_KEY' ? 'BACKUP_KEY' : 'key in DATA_DIR'} here has key id ${key.id})`);
  const expected = Buffer.from(match[2], 'hex');
  const actual = await hmacAfter(path, header.dataAt, key.key);
  if (!timingSafeEqual(expected, actual)) throw new Error(`${path} does not match its signature: it is altered or truncated`);
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
    await pipeline(createReadStream(copy), createGzip(), withSignatureSpace(), counter(onBytes), createWriteStream(target));
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
    await pipeline(nodeDump(target), createGzip(), withSignatureSpace(), counter(onBytes), createWriteStream(file));
    return;
  }
  const { args, env } = mysqlArgs(target);
  const child = spawn(tool, [...args, '--single-transaction', '--quick', '--routines', '--triggers', '--skip-lock-tables', '--default-character-set=utf8mb4', target.database], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  await pipeline(child.stdout, createGzip(), withSignatureSpace(), counter(onBytes), createWriteStream(file));
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
 * Puts a verified backup in place of the database (the app must be stopped). First, before anything is
 * touched: the checksum (when `.sha256` is beside the file), the signature with `key`, the engine, and for a
 * MySQL dump every statement (it must name no other database). SQLite: the file is unpacked beside the
 * database, checked with `PRAGMA integrity_check`, then moved over it. MySQL: the dump is run through the
 * mariadb / mysql client into the target database, or statement by statement in Node without one.
 */
export async function restoreBackup(file: string, settings: { kind: 'sqlite' | 'mysql'; database: string; mysql?: MysqlTarget }, key: BackupKey, log: (line: string) => void = () => undefined): Promise<void> {
  const checksum = await verifyChecksum(file);
  log(checksum ? `checksum ${checksum} verified` : `no ${file}.sha256 beside the file: the signature alone vouches for it`);
  await verifySignature(file, key);
  log(`signature verified (key id ${key.id}, ${key.source === 'BACKUP_KEY' ? 'BACKUP_KEY' : 'the key in DATA_DIR'})`);
  const isSqliteFile = /\.sqlite\.gz$/.test(file);
  if (isSqliteFile !== (settings.kind === 'sqlite')) throw new Error(`${file} is a ${isSqliteFile ? 'SQLite' : 'MySQL'} backup; the configured database is ${settings.kind === 'sqlite' ? 'SQLite' : 'MySQL'}`);
  if (settings.kind === 'sqlite') {
    const unpacked = `${settings.database}.restoring`;
    // opening the copy leaves a -wal and -shm beside it (its header says WAL); they go with it
    const leftovers = () => ['', '-wal', '-shm', '-journal'].forEach((suffix) => rmSync(`${unpacked}${suffix}`, { force: true }));
    mkdirSync(join(settings.database, '..'), { recursive: true });
    await pipeline(createReadStream(file), createGunzip(), createWriteStream(unpacked));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Sqlite = require('better-sqlite3');
    const db = new Sqlite(unpacked, { readonly: true });
    const [{ integrity_check: integrity }] = db.pragma('integrity_check');
    db.close();
    if (integrity !== 'ok') {
      leftovers();
      throw new Error(`the unpacked database fails its integrity check: ${integrity}`);
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${settings.database}${suffix}`, { force: true });
    renameSync(unpacked, settings.database);
    leftovers();
    log(`restored ${settings.database} (${statSync(settings.database).size} bytes)`);
    return;
  }
  const target = settings.mysql!;
  // Every statement is read once before anything runs: one naming another database refuses the restore,
  // and a truncated gzip stream or dump fails here too.
  let statements = 0;
  for await (const statement of statementsOf(createReadStream(file).pipe(createGunzip()))) {
    statements++;
    const problem = dumpStatementProblem(statement, target.database);
    if (problem) throw new Error(`the dump cannot be restored into ${target.database}: statement ${statements} ${problem}`);
  }
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
