// Jest 30 wants a .js config. Two projects: jsdom for components and browser code, node for server code.
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: './' });

// JEST_PGLITE_SWEEP=1 (set by npm test when PostgreSQL runs the server tests too): the server project on PGlite runs
// only the sweep in test/pglite-sweep.cjs (docs/development.md "The suite's budget").
const serverTests =
  process.env.JEST_PGLITE_SWEEP === '1' ? require('./test/pglite-sweep.cjs') : ['{lib/server,lib/tts,app,test}/**/*.test.ts'];

const common = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/test/empty-module.js',
    '^@/(.*)$': '<rootDir>/$1',
    // d3 ships ES modules only; Jest's CommonJS runtime loads their UMD builds instead (the console's charts).
    '^(d3-[a-z-]+|internmap)$': '<rootDir>/node_modules/$1/dist/$1.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/e2e/'],
};

module.exports = async () => ({
  testTimeout: 60_000,
  projects: [
    await createJestConfig({
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      // A page's client island under app/ is tested as a component (app/**/*.test.tsx); app's .test.ts run on node.
      testMatch: ['<rootDir>/{components,lib/client,lib/shared}/**/*.test.{ts,tsx}', '<rootDir>/app/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/setup-dom.ts'],
    })(),
    await createJestConfig({
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: serverTests.map((glob) => `<rootDir>/${glob}`),
      setupFiles: ['<rootDir>/test/setup-node.ts'],
      // One migrated and one seeded database per run, copied by each test file (docs/development.md "Test databases").
      globalSetup: '<rootDir>/test/db-template-setup.mjs',
      globalTeardown: '<rootDir>/test/db-template-teardown.mjs',
    })(),
  ],
});
