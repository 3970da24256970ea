#!/usr/bin/env node
/**
 * What the web terminal's `versions` command prints (and `node scripts/versions.js` by hand): the versions
 * of Node.js, npm and the other package managers the terminal can use, and of the database server the
 * product is configured for (DB_URL, else SQLite in DATA_DIR). Never prints credentials. Exits 1 when the
 * database cannot be reached.
 */
const { spawnSync } = require('node:child_process');
const { join, relative, resolve } = require('node:path');

const root = join(__dirname, '..');
const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'];

function show(label, value) {
  console.log(`${label.padEnd(10)}${value}`);
}

function toolVersion(name) {
  const result = spawnSync(name, ['--version'], { cwd: root, encoding: 'utf8', timeout: 30000, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  if (result.error && result.error.code === 'ENOENT') return 'not installed';
  if (result.error || result.status !== 0) return `unavailable (${result.error ? result.error.code || result.error.message : `exit code ${result.status}`})`;
  return result.stdout.trim().split('\n').pop() || 'unknown';
}

async function databaseVersion() {
  if (!process.env.DB_URL) {
    const Database = require('better-sqlite3');
    const db = new Database(':memory:');
    const { version } = db.prepare('SELECT sqlite_version() AS version').get();
    db.close();
    const file = join(resolve(process.env.DATA_DIR || './data'), 'wms.sqlite');
    const shown = relative(root, file);
    return `SQLite ${version} (${shown && !shown.startsWith('..') ? shown : file})`;
  }
  const url = new URL(process.env.DB_URL);
  const where = `${url.hostname}:${url.port || 3306}/${decodeURIComponent(url.pathname.replace(/^\//, ''))}`;
  const mysql = require('mysql2/promise');
  const connection = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
    connectTimeout: 10000,
  });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS version');
    const version = String(rows[0].version);
    return `${/mariadb/i.test(version) ? 'MariaDB' : 'MySQL'} ${version} (${where})`;
  } finally {
    await connection.end();
  }
}

async function main() {
  show('Node.js', process.version);
  for (const manager of PACKAGE_MANAGERS) show(manager, toolVersion(manager));
  try {
    show('Database', await databaseVersion());
  } catch (error) {
    show('Database', `cannot be reached: ${error.code || error.message}`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();
