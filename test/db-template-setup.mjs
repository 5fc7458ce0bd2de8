// Jest globalSetup of the server project: builds the migrated and the seeded test database once per run and hands
// them to the workers through the environment (docs/development.md "Test databases"). A nested Jest run on the same
// database reuses its parent's templates.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENV = 'SHUSHENG_TEST_DB_TEMPLATE';

function fits(raw) {
  if (!raw) return false;
  const t = JSON.parse(raw);
  const url = process.env.TEST_DATABASE_URL || undefined;
  return t.driver === 'postgres' ? t.url === url : url === undefined && fs.existsSync(t.seeded);
}

/** Dumps left by runs that were killed before their teardown (a day old: no run takes that long). */
function removeStaleDumps() {
  const day = 24 * 3600 * 1000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('shusheng-test-db-')) continue;
    const dir = path.join(os.tmpdir(), name);
    const stat = fs.statSync(dir, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > day) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * On PostgreSQL, the keeper that copies the templates ahead of the test files and drops what they are done with
 * (test/db-keeper.mjs); the teardown stops it.
 */
function startKeeper(root, template) {
  const child = spawn(process.execPath, ['test/db-keeper.mjs', template.url, template.base, String(process.pid)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  globalThis.__shushengKeeper = child;
}

export default async function setup() {
  if (fits(process.env[ENV])) return;
  removeStaleDumps();
  const started = Date.now();
  const url = process.env.TEST_DATABASE_URL || undefined;
  const dir = url ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-test-db-'));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const out = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'test/db-template-build.ts', dir], {
    cwd: root,
    env: { ...process.env, TEST_DATABASE_URL: url ?? '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.env[ENV] = out.toString();
  globalThis.__shushengOwnTemplate = process.env[ENV];
  if (url) startKeeper(root, JSON.parse(process.env[ENV]));
  if (!process.env.CI && process.stdout.isTTY) {
    console.log(`\ntest databases: templates built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
