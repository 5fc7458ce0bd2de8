// The server tests that run on PGlite when the run also has PostgreSQL (docs/development.md "The suite's budget").
// With TEST_DATABASE_URL, `npm test` runs every server test file once, on PostgreSQL, the database of a deployment;
// on PGlite, the embedded database of `npm start`, it runs only this sweep: the driver's own code (client, data
// directory lock, migrations, start-up, seed, the PGlite-only scripts) and one file per path where PGlite behaves
// differently (one transaction at a time, jsonb as parsed by its driver, the one-statement entitlement read, the
// statements built once, the token cache's single-connection retry, the import's child process). Without
// TEST_DATABASE_URL every server test runs on PGlite, as before.
module.exports = [
  'lib/server/db/**/*.test.ts',
  'lib/server/boot/**/*.test.ts',
  'app/v1/health/**/*.test.ts',
  'test/seed-script.test.ts',
  'test/test-unit-script.test.ts',
  'test/nginx-front.test.ts',
  'test/catalogue.test.ts',
  'test/first-start.test.ts',
  'test/wallet-purchases.test.ts',
  'test/wallet-orders.test.ts',
  'test/wallet-audit.test.ts',
  // Statements built once per driver (lib/server/db/built-once.ts) and the month totals' backfill, on PGlite's driver.
  'test/built-once.test.ts',
  'test/coin-months-backfill.test.ts',
  'test/api-reading.test.ts',
  'test/api-js-sdk-config.test.ts',
  'test/api-comments.test.ts',
  'test/content-import.test.ts',
];
