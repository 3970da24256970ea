import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { TEST_ADMIN_PASSWORD } from '../setup/create-test-app';
import { asAt } from './api';
import { clientOf } from './warehouse';

/**
 * The real server in a child process, for specs about processes, start-up and outages: `dist/src/main.js`
 * (built here), or `scripts/start.js` as `npm start` runs it.
 */
const ROOT = join(__dirname, '..', '..');
const BUILD_LOCK = join(ROOT, 'dist', '.build-lock');

/** Compiles the server once at a time: jest workers that build at once would write the same files together. */
export async function buildServer(): Promise<void> {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // A lock older than any build was left by a killed worker.
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > 300000) rmdirSync(BUILD_LOCK);
      await sleep(500);
    }
  }
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  } finally {
    rmdirSync(BUILD_LOCK);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the server with `env` on top of this process's environment (captcha off, no demo data) and waits
 * until it answers. `entry: 'start'` runs `node scripts/start.js`, which builds what is stale first.
 */
export async function startServer(env: NodeJS.ProcessEnv, options: { entry?: 'main' | 'start'; port?: number; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const script = options.entry === 'start' ? join(ROOT, 'scripts', 'start.js') : join(ROOT, 'dist', 'src', 'main.js');
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, LOGIN_CAPTCHA: '0', SEED_DEMO: '0', ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const server: ServerProcess = {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: () => stopProcess(child),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120000);
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await request(server.base)
      .get('/admin/index/login')
      .timeout(2000)
      .then((r) => r.body.code === 1, () => false);
    if (up) return server;
    await sleep(200);
  }
  await server.stop();
  throw new Error(`the server on ${port} did not start:\n${output.slice(-3000)}`);
}

/** Signs in as the seeded admin and answers a client of the API (as `client(t, session)` in-process). */
export async function signIn(server: Pick<ServerProcess, 'base'>) {
  const login = await request(server.base).post('/admin/index/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
  if (login.body.code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  const token: string = login.body.data.userInfo.token;
  return { token, client: clientOf(asAt(server.base, token)) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  await exited;
  clearTimeout(timer);
}

/** Whether a process with this id still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
