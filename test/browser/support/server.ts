/**
 * Where the specs find the server started by the global setup: `process.env.WMS_BROWSER_BASE_URL` (set in
 * the jest process before the specs load) and the same values in a JSON file next to the screenshots.
 */
import { readFileSync } from 'node:fs';
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
