/**
 * `npm test`: unit specs beside the server code, API specs in test/ (real app, real database:
 * SQLite by default, MySQL/MariaDB when DB_URL is set) and the front end's specs in web/src.
 * Browser specs have their own config (npm run test:browser).
 */
// Each file is compiled on its own (isolatedModules in the tsconfig: ts-jest's transpile mode); the types are
// checked by `npm run typecheck`, not here.
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, diagnostics: false }];

// A cache per checkout: jest's default cache in the system temp folder is shared by every checkout on the
// machine, and two checkouts of this repository at different commits then ran each other's compiled code.
const cacheDirectory = '<rootDir>/node_modules/.cache/jest';

module.exports = {
  // API specs use real databases: MariaDB answers in milliseconds, and some specs do thousands of writes.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      cacheDirectory,
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/contract'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest('tsconfig.jest.json') },
    },
    {
      displayName: 'api',
      cacheDirectory,
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      // *.mysql-spec.ts need a database shared by several processes: they run when DB_URL names one.
      testMatch: ['**/*.e2e-spec.ts', '<rootDir>/test/architecture.spec.ts', ...(process.env.DB_URL ? ['**/*.mysql-spec.ts'] : [])],
      transform: { '^.+\\.ts$': tsJest('tsconfig.jest.json') },
      setupFiles: ['<rootDir>/test/setup/env.ts'],
    },
    {
      displayName: 'web',
      cacheDirectory,
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/web/src'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.tsx?$': tsJest('web/tsconfig.jest.json') },
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/web/src/test-support/style-stub.js',
        '^axios$': 'axios/dist/node/axios.cjs',
        // the icons are imported one file each (components/Icon/icons.ts) from their ES-module folder; jest reads the CommonJS twin
        '^@arco-design/web-react/icon/react-icon/(.*)$': '@arco-design/web-react/icon/react-icon-cjs/$1',
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '^@contract/(.*)$': '<rootDir>/contract/$1',
      },
    },
  ],
};
