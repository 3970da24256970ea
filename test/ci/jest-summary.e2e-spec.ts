import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * scripts/jest-summary.js, which decides whether CI passes: the totals of jest's --json files, every failed test
 * named, and a browser shard's second run (`x-again.json`) counted for the spec files it ran again.
 */
describe('CI summary of jest results', () => {
  const script = join(__dirname, '../../scripts/jest-summary.js');
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'jest-summary-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  type Test = [name: string, status: 'passed' | 'failed' | 'pending'];
  const file = (name: string, tests: Test[], status = tests.some(([, s]) => s === 'failed') ? 'failed' : 'passed', message = '') => ({
    name,
    status,
    message,
    assertionResults: tests.map(([fullName, s]) => ({ fullName, status: s })),
  });
  const write = (name: string, testResults: unknown[]) => {
    writeFileSync(join(dir, name), JSON.stringify({ testResults }));
    return join(dir, name);
  };
  const summary = (...files: string[]) => {
    const run = spawnSync(process.execPath, [script, ...files], { encoding: 'utf8' });
    return { code: run.status, lines: run.stdout.trim().split('\n') };
  };

  it('adds up passed and failed tests over files, names each failure, and fails when one failed', () => {
    const a = write('a.json', [file('/t/one.ts', [['one works', 'passed'], ['one breaks', 'failed']]), file('/t/two.ts', [['two works', 'passed'], ['skipped', 'pending']])]);
    const b = write('b.json', [file('/t/three.ts', [['three works', 'passed']])]);
    expect(summary(a, b)).toEqual({ code: 1, lines: ['3 passed, 1 failed', '  failed: one breaks'] });
    expect(summary(b)).toEqual({ code: 0, lines: ['1 passed, 0 failed'] });
  });

  it('counts a spec file that failed before any test ran as a failure', () => {
    const a = write('a.json', [file('/t/broken.ts', [], 'failed', '\n  Cannot find module x\n')]);
    expect(summary(a)).toEqual({ code: 1, lines: ['0 passed, 1 failed', '  failed: /t/broken.ts: Cannot find module x'] });
  });

  it('counts the second run of the files it ran again: what passed then is named flaky, what failed twice fails', () => {
    const first = write('browser-1.json', [
      file('/t/flaky.ts', [['flaky journey', 'failed'], ['steady', 'passed']]),
      file('/t/broken.ts', [['broken journey', 'failed']]),
      file('/t/fine.ts', [['fine', 'passed']]),
    ]);
    expect(execFileSync(process.execPath, [script, '--failed-files', first], { encoding: 'utf8' }).trim().split('\n')).toEqual(['/t/flaky.ts', '/t/broken.ts']);
    write('browser-1-again.json', [file('/t/flaky.ts', [['flaky journey', 'passed'], ['steady', 'passed']]), file('/t/broken.ts', [['broken journey', 'failed']])]);
    expect(summary(first)).toEqual({
      code: 1,
      lines: ['3 passed, 1 failed', '  failed: broken journey', '  failed, then passed when its file ran again (flaky, to be fixed): flaky journey'],
    });
    write('browser-1-again.json', [file('/t/flaky.ts', [['flaky journey', 'passed'], ['steady', 'passed']]), file('/t/broken.ts', [['broken journey', 'passed']])]);
    expect(summary(first).code).toBe(0);
  });
});
