import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, Observable, toArray } from 'rxjs';
import { findExecutable, ProcessSpec, projectRoot, RunEvent, TerminalRunner } from './terminal-runner';

/** Real child processes (Node.js scripts): what the runner streams, and how it stops them. */
function node(script: string, extra: Partial<ProcessSpec> = {}): ProcessSpec {
  return { key: 'spec', file: process.execPath, args: ['-e', script], cwd: process.cwd(), env: process.env, maxDurationMs: 60_000, ...extra };
}

const all = (run: Observable<RunEvent>) => firstValueFrom(run.pipe(toArray()));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('TerminalRunner', () => {
  let runner: TerminalRunner;
  beforeEach(() => {
    runner = new TerminalRunner();
  });
  afterEach(() => runner.onApplicationShutdown());

  it('streams stdout and stderr as lines and ends with the exit code', async () => {
    const events = await all(runner.run(node('process.stdout.write("one\\ntw"); setTimeout(() => { process.stdout.write("o\\n"); console.error("\\u001b[31mthree\\u001b[0m"); process.exit(3); }, 50)')));
    expect(events[0]).toEqual({ type: 'started' });
    expect(events.filter((e) => e.type === 'line')).toEqual([
      { type: 'line', text: 'one' },
      { type: 'line', text: 'two' },
      { type: 'line', text: 'three' },
    ]);
    expect(events[events.length - 1]).toEqual({ type: 'exit', code: 3, timedOut: false });
    expect(runner.runningKey).toBeNull();
  });

  it('decodes UTF-8 split across chunks and lets out a last line without newline', async () => {
    const events = await all(runner.run(node('const b = Buffer.from("仓库 ok"); process.stdout.write(b.subarray(0, 2)); setTimeout(() => process.stdout.write(b.subarray(2)), 30)')));
    expect(events.filter((e) => e.type === 'line')).toEqual([{ type: 'line', text: '仓库 ok' }]);
    expect(events[events.length - 1]).toEqual({ type: 'exit', code: 0, timedOut: false });
  });

  it('runs one process at a time and frees the slot only once the process has exited', async () => {
    const first = runner.run(node('setTimeout(() => {}, 300)', { key: 'first' }));
    const done = all(first);
    expect(runner.runningKey).toBe('first');
    expect(await all(runner.run(node('0', { key: 'second' })))).toEqual([{ type: 'busy', runningKey: 'first' }]);
    expect((await done).pop()).toEqual({ type: 'exit', code: 0, timedOut: false });
    expect(runner.runningKey).toBeNull();
    expect((await all(runner.run(node('0', { key: 'third' })))).pop()).toEqual({ type: 'exit', code: 0, timedOut: false });
  });

  it('stops the process and what it started when the subscriber leaves', async () => {
    const pids: number[] = [];
    const script = 'const c = require("child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }); console.log(process.pid, c.pid); setInterval(() => {}, 1000)';
    const subscription = runner.run(node(script, { key: 'long' })).subscribe((event) => {
      if (event.type === 'line') pids.push(...event.text.split(' ').map(Number));
    });
    await until(() => pids.length === 2, 'both processes');
    expect(pids.every(alive)).toBe(true);
    subscription.unsubscribe();
    await until(() => pids.every((pid) => !alive(pid)), 'both processes to end');
    await until(() => runner.runningKey === null, 'the slot to be free');
  });

  it('stops a process that outlives its time and says so', async () => {
    const events = await all(runner.run(node('setInterval(() => {}, 1000)', { maxDurationMs: 200 })));
    expect(events.pop()).toEqual({ type: 'exit', code: 128 + 15, timedOut: true });
  });

  it('reports a program that cannot start, and stays free', async () => {
    const events = await all(runner.run({ ...node(''), file: join(tmpdir(), 'no-such-program-here') }));
    expect(events).toEqual([{ type: 'spawn-failed', reason: 'ENOENT' }]);
    expect(runner.runningKey).toBeNull();
  });
});

describe('findExecutable / projectRoot', () => {
  it('finds an executable file on PATH, and nothing for a missing or non-executable one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-path-'));
    writeFileSync(join(dir, 'tool'), '#!/bin/sh\n');
    chmodSync(join(dir, 'tool'), 0o755);
    writeFileSync(join(dir, 'plain'), 'not executable');
    chmodSync(join(dir, 'plain'), 0o644);
    expect(findExecutable('tool', { PATH: `/nonexistent:${dir}` })).toBe(join(dir, 'tool'));
    expect(findExecutable('plain', { PATH: dir })).toBeNull();
    expect(findExecutable('missing', { PATH: dir })).toBeNull();
    expect(findExecutable('tool', {})).toBeNull();
  });

  it('finds the project root from this folder', () => {
    expect(projectRoot()).toBe(join(__dirname, '..', '..', '..', '..'));
  });
});
