/**
 * The copy of the project the CRUD generator writes into (the server's CRUD_GENERATOR_ROOT, see
 * global-setup.ts), and that copy built and started as a second server on the same DATA_DIR: for
 * modules.browser-spec.ts, which opens the generated page there.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, OUTPUT_DIR, ROOT, RUN_SUFFIX, serverAnswers, serverInfo } from './server';

/** The project as the generator writes into it: a copy in the server's CRUD_GENERATOR_ROOT. */
export function projectCopy(): string {
  const dir = join(serverInfo().dataDir, 'crud-root');
  mkdirSync(dir, { recursive: true });
  // the sources the generator changes, and what `npm run build` needs to build the copy afterwards
  const parts = ['src', 'migrations', 'contract', 'web/src', 'test/support', 'test/setup', 'scripts', 'bench', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'ormconfig.ts', 'nest-cli.json', 'web/index.html', 'web/tsconfig.json', 'web/vite.config.mts'];
  for (const part of parts) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const run = promisify(execFile);

/** `npm run build` in the copy: the server (tsc) and the web bundle (vite) with what the generator wrote; answers their seconds. */
export async function buildCopy(dir: string): Promise<{ server: number; web: number }> {
  const bin = (name: string) => join(dir, 'node_modules', '.bin', name);
  try {
    const started = Date.now();
    await run(bin('tsc'), ['-p', 'tsconfig.build.json'], { cwd: dir, maxBuffer: 16 << 20 });
    const server = Date.now();
    await run(bin('vite'), ['build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], { cwd: dir, maxBuffer: 16 << 20 });
    return { server: (server - started) / 1000, web: (Date.now() - server) / 1000 };
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`the build of the generated copy failed in ${dir}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** The built copy, started on the browser server's DATA_DIR (its start runs the generated migration); its own process group. */
let generatedServer: ChildProcess | undefined;

export async function startCopy(dir: string): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(OUTPUT_DIR, `browser-generated-server${RUN_SUFFIX}.log`);
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: serverInfo().dataDir, LOGIN_CAPTCHA: '0', SEED_DEMO: '0', WEBHOOK_WORKER: '0' };
  delete env.CRUD_GENERATOR;
  delete env.CRUD_GENERATOR_ROOT;
  const child = spawn(process.execPath, [join(dir, 'dist', 'src', 'main.js')], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  generatedServer = child;
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  const deadline = Date.now() + 90_000;
  while (!(await serverAnswers(baseUrl))) {
    if (exited) throw new Error(`the generated copy's server ${exited} before answering; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the generated copy's server did not answer within 90 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return baseUrl;
}

/** Stops the copy's server (its process group): SIGTERM, SIGKILL after 10 s; resolves once it has exited. */
export async function stopCopy(): Promise<void> {
  const child = generatedServer;
  generatedServer = undefined;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
