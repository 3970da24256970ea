/**
 * `npm run test:browser`: the browser specs (playwright-core + Debian's Chromium at /usr/bin/chromium).
 * The global setup builds what is stale (server and web app), starts ONE server on a free port with a
 * fresh DATA_DIR, and stops it at the end. Specs run one after another against it.
 */
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

module.exports = {
  rootDir: root,
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  displayName: 'browser',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/browser'],
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: join(root, 'tsconfig.jest.json'), diagnostics: false }] },
  globalSetup: '<rootDir>/test/browser/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/browser/support/global-teardown.ts',
  testTimeout: 120_000,
  maxWorkers: 1,
  slowTestThreshold: 60,
};
