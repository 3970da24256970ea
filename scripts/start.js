#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or out of date (server with tsc, front end with Vite), then runs
 * the server, which migrates and seeds before it listens. `--migrate-only` stops after the migrations;
 * `--script <name>` runs a maintenance script (dist/scripts/<name>.js) instead of the server.
 *
 * It says what it is doing at each step (a first start builds both and seeds: about 2 minutes on a 2-core
 * machine), and it never leaves a child behind: SIGINT, SIGTERM and SIGHUP are passed on to whatever runs
 * (a build, the server or a script) and it exits once that has; when whoever started it goes away without a
 * signal — `npm start` sends SIGTERM to the shell that runs this file, and the shell dies without passing it
 * on — it stops its child the same way. SIGUSR2 goes to the server (back to the first database host).
 */
const { spawn } = require('node:child_process');
const { existsSync, statSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => (existsSync(source) && statSync(source).isDirectory() ? newest(source) : existsSync(source) ? statSync(source).mtimeMs : 0) > built);
}

/** The one child running (a build, the server or a script), and the signal that is stopping everything. */
let current = null;
let stopping = null;

function stop(signal) {
  if (stopping) return;
  stopping = signal;
  if (current) current.kill(signal);
  else process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
process.on('SIGUSR2', () => current?.kill('SIGUSR2'));

// Started by a process that goes away (npm's shell, killed by the SIGTERM npm received): stop as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

/** Runs a child with the terminal; resolves with its exit code (exits at once when it was stopped). */
function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    current = child;
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      current = null;
      if (stopping) process.exit(128 + (stopping === 'SIGINT' ? 2 : stopping === 'SIGHUP' ? 1 : 15));
      resolve(signal ? 1 : (code ?? 0));
    });
  });
}

/** A build step: what it does, how long it took, and a line every 20 s while it runs (none of them print much). */
async function build(label, expected, command, args, env) {
  const started = Date.now();
  console.log(`> ${label} (${expected})…`);
  const ticker = setInterval(() => console.log(`  … still ${label} (${Math.round((Date.now() - started) / 1000)} s)`), 20000);
  try {
    const code = await run(command, args, env);
    if (code !== 0) {
      console.error(`${label} failed (exit code ${code}).`);
      process.exit(code);
    }
  } finally {
    clearInterval(ticker);
  }
  console.log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
}

async function main() {
  const serverEntry = join(root, 'dist', 'src', 'main.js');
  const webEntry = join(root, 'web', 'dist', 'index.html');
  const hasWeb = existsSync(join(root, 'web', 'vite.config.mts'));
  const scriptIndex = process.argv.indexOf('--script');
  const serving = scriptIndex < 0 && !process.argv.includes('--migrate-only');
  if (!existsSync(serverEntry) || (serving && hasWeb && !existsSync(webEntry))) {
    console.log(
      'First start: building the server and the web app, then migrating and seeding the database — about 2 minutes on a 2-core machine ' +
        '(later starts take seconds). Ctrl-C stops it.',
    );
  }
  if (stale(serverEntry, ['src', 'contract', 'migrations', 'scripts', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json'].map((p) => join(root, p)))) {
    await build('building the server', 'TypeScript, about a minute', bin('tsc'), ['-p', 'tsconfig.build.json']);
  }
  if (scriptIndex > 0) {
    const script = join(root, 'dist', 'scripts', `${process.argv[scriptIndex + 1]}.js`);
    process.exit(await run(process.execPath, [script, ...process.argv.slice(scriptIndex + 2)]));
  }
  if (serving && hasWeb && stale(webEntry, [join(root, 'web', 'src'), join(root, 'contract'), join(root, 'web', 'index.html'), join(root, 'web', 'vite.config.mts')])) {
    // Always React's production build, also when started from jest (NODE_ENV=test) or a shell that set it.
    await build('building the web app', 'Vite, under a minute', bin('vite'), ['build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
  }
  process.exit(await run(process.execPath, [serverEntry, ...process.argv.slice(2)]));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
