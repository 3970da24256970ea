/**
 * `npm run test:cluster`: the cluster suite, two app processes on a three-node MariaDB Galera cluster on
 * loopback. With GALERA_DIR it uses the cluster started there (`.ci/run` does: scripts/galera-local.ts);
 * without, it starts one in a temporary directory and removes it at the end. Not part of `npm test`.
 */
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

module.exports = {
  rootDir: root,
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  displayName: 'cluster',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/cluster'],
  testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: join(root, 'tsconfig.jest.json'), diagnostics: false }] },
  testTimeout: 300_000,
  maxWorkers: 1,
  slowTestThreshold: 120,
};
