/**
 * Where the specs find the server started by the global setup: `process.env.WMS_BROWSER_BASE_URL` (set in
 * the jest process before the specs load) and the same values in a JSON file next to the screenshots.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
export const OUTPUT_DIR = join(ROOT, 'test-output');
/** Two runs side by side (CI runs the specs in two shards) name their files apart: WMS_BROWSER_RUN=1, 2, … */
export const RUN_SUFFIX = process.env.WMS_BROWSER_RUN ? `-${process.env.WMS_BROWSER_RUN.replace(/[^a-z0-9]/gi, '')}` : '';
export const SERVER_INFO_FILE = join(OUTPUT_DIR, `browser-server${RUN_SUFFIX}.json`);
export const ADMIN_USERNAME = 'admin';

export interface ServerInfo {
  baseUrl: string;
  adminPassword: string;
  dataDir: string;
}

export function serverInfo(): ServerInfo {
  if (process.env.WMS_BROWSER_BASE_URL && process.env.WMS_BROWSER_ADMIN_PASSWORD) {
    return {
      baseUrl: process.env.WMS_BROWSER_BASE_URL,
      adminPassword: process.env.WMS_BROWSER_ADMIN_PASSWORD,
      dataDir: process.env.WMS_BROWSER_DATA_DIR ?? '',
    };
  }
  return JSON.parse(readFileSync(SERVER_INFO_FILE, 'utf8')) as ServerInfo;
}

/** A port free on loopback now (the server started next binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether a server at `baseUrl` is up: `GET /admin/index/login` answers code 1. */
export async function serverAnswers(baseUrl: string): Promise<boolean> {
  try {
    // no keep-alive: an idle socket left in the pool would be closed by the server just as a spec's first request picks it up ("other side closed")
    const res = await fetch(`${baseUrl}/admin/index/login`, { headers: { server: '1', connection: 'close' }, signal: AbortSignal.timeout(2000) });
    return res.ok && ((await res.json()) as { code?: number }).code === 1;
  } catch {
    return false;
  }
}
