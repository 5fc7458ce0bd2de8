// Builds the two test database templates once per Jest run (docs/development.md "Test databases"): migrated, and
// migrated + seeded. Run by test/db-template-setup.mjs through tsx; prints the template description as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createPgliteHandle, createPostgresHandle } from '../lib/server/db/client';
import { runMigrations } from '../lib/server/db/migrate';
import { seedDatabase } from '../lib/server/boot/seed';
import type { TestDbTemplate } from './db-template';

async function admin(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function buildPglite(dir: string): Promise<TestDbTemplate> {
  const handle = createPgliteHandle();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = async (file: string) => {
    // Uncompressed: loading a gzipped dump costs each test file about half a second more.
    const blob = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  };
  const plain = path.join(dir, 'migrated.tar');
  const seeded = path.join(dir, 'seeded.tar');
  try {
    await runMigrations(handle);
    await dump(plain);
    await seedDatabase(handle.db, () => undefined);
    await dump(seeded);
  } finally {
    await handle.close();
  }
  return { driver: 'pglite', plain, seeded, dir };
}

async function buildPostgres(url: string): Promise<TestDbTemplate> {
  const base = `shusheng_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const plain = `${base}_migrated`;
  const seeded = `${base}_seeded`;
  await admin(url, `create database ${plain}`);
  const migrated = createPostgresHandle(databaseUrl(url, plain), 2);
  try {
    await runMigrations(migrated);
  } finally {
    await migrated.close();
  }
  await admin(url, `create database ${seeded} template ${plain}`);
  const toSeed = createPostgresHandle(databaseUrl(url, seeded), 2);
  try {
    await seedDatabase(toSeed.db, () => undefined);
  } finally {
    await toSeed.close();
  }
  return { driver: 'postgres', url, base, plain, seeded };
}

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await buildPostgres(url) : await buildPglite(process.argv[2]!);
  process.stdout.write(JSON.stringify(template));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
