import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What every bench shares: free ports, the app's RSS, autocannon with per-request latencies, waiting for a server, API calls. */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult> & { on: (event: string, fn: (...args: any[]) => void) => void };

interface AutocannonResult {
  requests: { total: number; average: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}


export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU of a process so far, in clock ticks (Linux /proc; 0 once it is gone). */
export function processCpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command name, which may hold spaces and parentheses: utime and stime are fields 12 and 13 from there
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Samples the peak RSS of `pid` while `work` runs. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb(pid));
    return { result, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

export function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface Load {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  /** request n → path and body */
  request: (n: number) => { path: string; body?: string };
  /** answers must carry code 1 (the envelope) */
  envelope?: boolean;
  /** sees every answer's body (to tally envelope codes) */
  answered?: (body: string) => void;
}

export interface LoadResult {
  requests: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  rps: number;
  failures: number;
}

export async function load(l: Load): Promise<LoadResult> {
  const latencies: number[] = [];
  let n = 0;
  let failures = 0;
  let firstFailure = '';
  const instance = autocannon({
    url: l.url,
    connections: l.connections,
    ...(l.amount ? { amount: l.amount } : { duration: l.duration }),
    method: l.method ?? 'GET',
    headers: { 'think-lang': 'zh-cn', ...(l.headers ?? {}) },
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const { path, body } = l.request(n++);
          return { ...req, path, ...(body !== undefined ? { body } : {}) };
        },
        onResponse: (status: number, body: string) => {
          l.answered?.(String(body));
          if (status < 200 || status > 299 || (l.envelope !== false && !String(body).startsWith('{"code":1'))) {
            if (!failures) firstFailure = `HTTP ${status}: ${String(body).slice(0, 200)}`;
            failures++;
          }
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  if (firstFailure) console.warn(`  first failed answer: ${firstFailure}`);
  return {
    requests: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.total / (result.duration || 1),
    failures: failures + result.errors + result.timeouts + result.non2xx,
  };
}

export async function waitFor(url: string, child: ChildProcess, seconds = 180): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}


export async function api<T = any>(base: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { batoken: token, 'think-lang': 'en', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 1) throw new Error(`${init.method ?? 'GET'} ${path}: ${body.msg}`);
  return body.data;
}

/**
 * The app as `npm start` runs it — scripts/start.js builds what is stale (the front end too) and migrates —
 * then dist/src/main.js on a free port, its own output (slow-query warnings under load, …) in
 * `<tmpdir>/<logName>`. The caller waits for it (`waitFor`) and stops it.
 */
export async function launchApp(root: string, env: NodeJS.ProcessEnv, logName: string): Promise<{ base: string; app: ChildProcess; log: number; stop: () => Promise<void> }> {
  execFileSync(process.execPath, [join(root, 'scripts', 'start.js'), '--migrate-only'], { cwd: root, env, stdio: 'inherit' });
  const port = await freePort();
  const log = openSync(join(tmpdir(), logName), 'w');
  const app = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', log, log] });
  console.log(`app output: ${join(tmpdir(), logName)}`);
  const stop = () => new Promise<void>((resolve) => (app.exitCode !== null ? resolve() : (app.once('exit', () => resolve()), app.kill('SIGTERM'))));
  return { base: `http://127.0.0.1:${port}`, app, log, stop };
}

/** The admin's token (sign-in through the API; the app runs with LOGIN_CAPTCHA=0). */
export async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/admin/index/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
  const body = (await res.json()) as { code: number; msg: string; data: { userInfo: { token: string } } };
  if (body.code !== 1) throw new Error(`sign-in failed: ${body.msg} (is ADMIN_PASSWORD the password the database was seeded with?)`);
  return body.data.userInfo.token;
}
