/**
 * Builds what is stale and starts one server for all browser specs: `node scripts/start.js` (the same
 * staleness check and builds as `npm start`) on a free port, with a fresh temporary DATA_DIR, the click
 * captcha off and no demo data. Waits until `GET /admin/index/login` answers with code 1.
 *
 * WMS_BROWSER_NO_BUILD=1 skips the build step (runs dist/src/main.js as it is). WMS_BROWSER_BASE_URL with
 * WMS_BROWSER_ADMIN_PASSWORD use a server that is already running instead (nothing is started or stopped).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, OUTPUT_DIR, ROOT, RUN_SUFFIX, serverAnswers, SERVER_INFO_FILE, type ServerInfo } from './server';

const START_TIMEOUT_MS = 150_000;

export interface BrowserGlobals {
  __WMS_BROWSER_SERVER__?: { child: ChildProcess; dataDir: string };
}

export default async function globalSetup(): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  if (process.env.WMS_BROWSER_BASE_URL && process.env.WMS_BROWSER_ADMIN_PASSWORD) {
    if (!(await serverAnswers(process.env.WMS_BROWSER_BASE_URL))) throw new Error(`No server answers at ${process.env.WMS_BROWSER_BASE_URL}`);
    const info: ServerInfo = { baseUrl: process.env.WMS_BROWSER_BASE_URL, adminPassword: process.env.WMS_BROWSER_ADMIN_PASSWORD, dataDir: '' };
    writeFileSync(SERVER_INFO_FILE, JSON.stringify(info, null, 2));
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wms-browser-'));
  const adminPassword = 'Browser-Spec-Pass-1';
  const baseUrl = `http://127.0.0.1:${port}`;

  const logFile = join(OUTPUT_DIR, `browser-server${RUN_SUFFIX}.log`);
  const log = createWriteStream(logFile);
  const args = process.env.WMS_BROWSER_NO_BUILD === '1' ? [join(ROOT, 'dist', 'src', 'main.js')] : [join(ROOT, 'scripts', 'start.js')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // its own process group: the teardown stops the script and the server it spawned together
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOGIN_CAPTCHA: '0',
      SEED_DEMO: '0',
      // the specs' stand-ins (s3rver for the cloud upload) are on loopback over http
      OUTBOUND_ALLOW_PRIVATE: '1',
      // the webhook spec's receiver listens on loopback
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_WORKER: '1',
      // the CRUD generator is on, writing into a folder of this run (modules.browser-spec.ts puts a copy of the project there)
      CRUD_GENERATOR: '1',
      CRUD_GENERATOR_ROOT: join(dataDir, 'crud-root'),
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  (globalThis as BrowserGlobals).__WMS_BROWSER_SERVER__ = { child, dataDir };

  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });

  const started = Date.now();
  while (!(await serverAnswers(baseUrl))) {
    if (exited) throw new Error(`The server ${exited} before answering; see ${logFile}`);
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 1000} s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  const info: ServerInfo = { baseUrl, adminPassword, dataDir };
  writeFileSync(SERVER_INFO_FILE, JSON.stringify(info, null, 2));
  process.env.WMS_BROWSER_BASE_URL = baseUrl;
  process.env.WMS_BROWSER_ADMIN_PASSWORD = adminPassword;
  process.env.WMS_BROWSER_DATA_DIR = dataDir;
  console.log(`\nbrowser specs: server at ${baseUrl} (log ${logFile}), ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
