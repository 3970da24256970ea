import { ChildProcess, spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { connect, Socket } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import request from 'supertest';
import { formatMysqlUrl, parseMysqlUrl } from '../../src/shared/database/database-url';
import { TEST_ADMIN_PASSWORD } from '../setup/create-test-app';
import { buildServer, freePort, isAlive as alive, sleep } from '../support/server-process';

/**
 * Stopping `npm start` stops the server: SIGTERM to npm (which passes it to the shell that runs
 * scripts/start.js, and the shell dies without passing it on), SIGINT (Ctrl-C) or SIGTERM to
 * `node scripts/start.js` — no process of the tree is left behind. And a first start says what it does.
 */
const ROOT = join(__dirname, '..', '..');

/** Every process below `pid` (Linux: /proc/<pid>/task/<tid>/children). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const children = (parent: number) => {
    try {
      return readdirSync(`/proc/${parent}/task`).flatMap((task) => readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  for (let queue = children(pid); queue.length; ) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...children(next));
  }
  return found;
}

describe('npm start stops with its server, and says what it does', () => {
  beforeAll(async () => {
    await buildServer();
  }, 240000);

  /** On MySQL, `<worker database>_signals`: dropped before each start and at the end. */
  const signalsDatabase = () => (process.env.DB_URL ? { ...parseMysqlUrl(process.env.DB_URL), database: `${parseMysqlUrl(process.env.DB_URL).database}_signals` } : null);
  async function dropSignalsDatabase(): Promise<void> {
    const target = signalsDatabase();
    if (!target) return;
    const root = await createConnection({ host: target.hosts[0].host, port: target.hosts[0].port, user: target.user, password: target.password });
    await root.query(`DROP DATABASE IF EXISTS \`${target.database}\``);
    await root.end();
  }
  afterAll(dropSignalsDatabase);

  /** A database of its own that does not exist yet: a fresh SQLite file, or the MySQL one above. */
  async function freshDatabase(): Promise<NodeJS.ProcessEnv> {
    const dataDir = mkdtempSync(join(tmpdir(), 'wms-signals-'));
    const target = signalsDatabase();
    if (!target) return { DATA_DIR: dataDir };
    await dropSignalsDatabase();
    return { DATA_DIR: dataDir, DB_URL: formatMysqlUrl(target, true) };
  }

  /** Starts `command` in a process group of its own (the signal goes to the one process, as a supervisor sends it); waits until the app answers. */
  async function started(command: string, args: string[]): Promise<{ child: ChildProcess; port: number; output: () => string; tree: number[] }> {
    const port = await freePort();
    const child = spawn(command, args, {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, ...(await freshDatabase()), PORT: String(port), SEED_DEMO: '0', LOGIN_CAPTCHA: '0', ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited:\n${output}`);
      const up = await request(`http://127.0.0.1:${port}`)
        .get('/admin/index/login')
        .timeout(2000)
        .then((r) => r.body.code === 1, () => false);
      if (up) break;
      await sleep(200);
    }
    return { child, port, output: () => output, tree: descendants(child.pid!) };
  }

  /** Waits for the process to exit, then for every process of its tree to be gone; answers those still there after 20 s. */
  async function leftAfterStop(child: ChildProcess, tree: number[]): Promise<number[]> {
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline && tree.some(alive)) await sleep(100);
    const left = tree.filter(alive);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    return left;
  }

  it('SIGTERM to npm stops scripts/start.js and the server', async () => {
    const { child, tree, output } = await started('npm', ['start']);
    // npm → sh → node scripts/start.js → node dist/src/main.js
    expect(tree.length).toBeGreaterThanOrEqual(2);
    expect(tree.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8')).join('\n')).toMatch(/dist\/src\/main\.js/);
    child.kill('SIGTERM');
    expect(await leftAfterStop(child, tree)).toEqual([]);
    // a first start (a fresh database) says what it does before the server listens
    expect(output()).toMatch(/Creating the database's tables \(\d+ migrations\)…[\s\S]*Seeding the database: the admin, permission rules and settings…[\s\S]*WMS listening on/);
  }, 240000);

  it.each(['SIGINT', 'SIGTERM'] as const)('%s to node scripts/start.js stops the server, and it exits with 128 + the signal', async (signal) => {
    const { child, tree } = await started(process.execPath, [join(ROOT, 'scripts', 'start.js')]);
    expect(tree).toHaveLength(1);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(await leftAfterStop(child, tree)).toEqual([]);
  }, 240000);

  const afterTestStops: Array<() => void> = [];
  afterEach(() => afterTestStops.splice(0).forEach((stop) => stop()));

  /** A socket to the server, connected; 'closed' resolves when the server ends it. */
  async function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
  }

  it('SIGTERM stops the server promptly while a browser holds connections: idle keep-alive, opened ahead, a request half sent', async () => {
    const { child, port, tree } = await started(process.execPath, [join(ROOT, 'scripts', 'start.js')]);
    // stopped whatever happens below
    const stop = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
    afterTestStops.push(stop);
    // a keep-alive connection that answered a request and stays open, as a browser keeps it
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const keptAlive = await new Promise<Socket>((resolve, reject) => {
      const req = get({ port, host: '127.0.0.1', path: '/admin/index/login', agent }, (res) => {
        const socket = res.socket as Socket;
        res.resume();
        res.on('end', () => resolve(socket));
      });
      req.on('error', reject);
    });
    const keptAliveClosed = new Promise<void>((resolve) => keptAlive.once('close', () => resolve()));
    // a connection opened ahead of a request that never came, and one whose request body stopped half way
    const ahead = await openSocket(port);
    const half = await openSocket(port);
    half.socket.write('POST /admin/index/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    // well within Node's own 60-second headers timeout, which was what ended these connections before
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([exited, new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), 20000)))]);
    clearTimeout(timer);
    expect(outcome).toBe(143);
    await Promise.all([keptAliveClosed, ahead.closed, half.closed]);
    agent.destroy();
    expect(await leftAfterStop(child, tree)).toEqual([]);
  }, 240000);
});
