#!/usr/bin/env node
/**
 * Prints "N passed, N failed" for one or more jest --json result files (CI reads that line), then the name of
 * every failed test, so that the end of a long CI log says which ones.
 *
 * A result file `x.json` beside an `x-again.json` (the browser shards: a spec file that failed is run once more,
 * alone, on a fresh server) counts the second run for the files it holds; a test that failed first and passed
 * then is named as flaky — a defect to find, which does not fail the run by itself.
 *
 * `--failed-files x.json` prints the spec files of x.json that failed (for the second run).
 */
const { existsSync, readFileSync } = require('node:fs');

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const failedTests = (fileResult) => fileResult.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName);
const fileFailed = (fileResult) => fileResult.status === 'failed' || failedTests(fileResult).length > 0;

if (process.argv[2] === '--failed-files') {
  console.log(read(process.argv[3]).testResults.filter(fileFailed).map((file) => file.name).join('\n'));
  process.exit(0);
}

let passed = 0;
let failed = 0;
const failures = [];
const flaky = [];
for (const file of process.argv.slice(2)) {
  const first = read(file);
  const againFile = file.replace(/\.json$/, '-again.json');
  const again = existsSync(againFile) ? read(againFile) : undefined;
  const rerun = new Map((again?.testResults ?? []).map((result) => [result.name, result]));
  for (const result of first.testResults) {
    const second = rerun.get(result.name);
    const counted = second ?? result;
    const names = failedTests(counted);
    if (second) flaky.push(...failedTests(result).filter((name) => !names.includes(name)));
    passed += counted.assertionResults.filter((test) => test.status === 'passed').length;
    failed += names.length;
    failures.push(...names);
    // a file that failed before any test ran (a syntax error, a server that did not start) counts as one failure
    if (!names.length && counted.status === 'failed') {
      failed += 1;
      failures.push(`${counted.name}: ${String(counted.message).split('\n').map((line) => line.trim()).find(Boolean) ?? 'failed'}`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
for (const name of failures) console.log(`  failed: ${name}`);
for (const name of flaky) console.log(`  failed, then passed when its file ran again (flaky, to be fixed): ${name}`);
process.exit(failed > 0 ? 1 : 0);
