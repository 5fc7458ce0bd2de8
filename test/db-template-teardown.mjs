// Jest globalTeardown of the server project: removes the templates test/db-template-setup.mjs built in this run.
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
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    for (const name of [t.seeded, t.plain]) await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
