/** Stops the server of the global setup (its whole process group) and removes its DATA_DIR. */
import { rmSync } from 'node:fs';
import type { BrowserGlobals } from './global-setup';

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as BrowserGlobals).__WMS_BROWSER_SERVER__;
  if (!server) return;
  const pid = server.child.pid;
  if (pid) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const deadline = Date.now() + 5000;
    while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(pid)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
  }
  rmSync(server.dataDir, { recursive: true, force: true });
  delete (globalThis as BrowserGlobals).__WMS_BROWSER_SERVER__;
}
