#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or out of date (server with tsc, front end with Vite), then runs
 * the server, which migrates and seeds before it listens. `--migrate-only` stops after the migrations.
 */
const { execFileSync, spawn } = require('node:child_process');
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

function run(label, command, args, env = process.env) {
  console.log(`> ${label}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env });
}

const serverEntry = join(root, 'dist', 'src', 'main.js');
if (stale(serverEntry, ['src', 'contract', 'migrations', 'scripts', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json'].map((p) => join(root, p)))) {
  run('building the server', bin('tsc'), ['-p', 'tsconfig.build.json']);
}
// `--script <name>` runs a maintenance script (dist/scripts/<name>.js) instead of the server.
const scriptIndex = process.argv.indexOf('--script');
if (scriptIndex > 0) {
  const script = join(root, 'dist', 'scripts', `${process.argv[scriptIndex + 1]}.js`);
  const child = spawn(process.execPath, [script, ...process.argv.slice(scriptIndex + 2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
  return;
}

const webEntry = join(root, 'web', 'dist', 'index.html');
if (existsSync(join(root, 'web', 'vite.config.mts')) && stale(webEntry, [join(root, 'web', 'src'), join(root, 'contract'), join(root, 'web', 'index.html'), join(root, 'web', 'vite.config.mts')])) {
  // Always React's production build, also when started from jest (NODE_ENV=test) or a shell that set it.
  run('building the front end', bin('vite'), ['build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
}

const child = spawn(process.execPath, [serverEntry, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// SIGUSR2 tells the server to go back to the first database host (after a fail-over); the rest stop it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR2']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
