#!/usr/bin/env node
/** Prints "N passed, N failed" for one or more jest --json result files (CI reads that line). */
const { readFileSync } = require('node:fs');

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
