// Jest globalTeardown of the server project: removes the templates test/db-template-setup.mjs built in this run, and
// on PostgreSQL stops the run's keeper and drops every database of the run it left (test/db-keeper.mjs).
import { once } from 'node:events';
import fs from 'node:fs';
import pg from 'pg';

export default async function teardown() {
  const raw = globalThis.__shushengOwnTemplate;
  if (!raw) return;
  globalThis.__shushengOwnTemplate = undefined;
  delete process.env.SHUSHENG_TEST_DB_TEMPLATE;
  const t = JSON.parse(raw);
  if (t.driver === 'pglite') {
    fs.rmSync(t.dir, { recursive: true, force: true });
    return;
  }
  const keeper = globalThis.__shushengKeeper;
  globalThis.__shushengKeeper = undefined;
  // It ends after the statement it is running, so no copy of a template appears after the list below.
  if (keeper && keeper.exitCode === null && keeper.signalCode === null) {
    const exited = once(keeper, 'exit');
    keeper.kill('SIGTERM');
    await exited;
  }
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    const { rows } = await client.query('select datname from pg_database where starts_with(datname, $1)', [`${t.base}_`]);
    // The templates last: a copy of one may still be finishing.
    const names = rows.map((r) => r.datname).filter((n) => n !== t.seeded && n !== t.plain);
    for (const name of [...names, t.seeded, t.plain]) await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
