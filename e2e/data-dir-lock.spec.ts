import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, ONE_PHONE_ONLY } from './helpers/test';

// One server per PGlite directory: a second one on the e2e server's directory must refuse to start.
test('a second server on the same data directory is refused with a clear message', ONE_PHONE_ONLY, async ({}) => {
  // runs once, not per phone
  const next = path.resolve('node_modules/.bin/next');
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync(next, ['start', '-p', '3199'], {
    env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e', NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr + result.stdout).toMatch(/already in use by process \d+/);
});
