import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Client } from 'pg';
import { createPgliteHandle, createPostgresHandle, setDbHandle, type DbHandle } from '@/lib/server/db/client';
import { runMigrations } from '@/lib/server/db/migrate';
import { seedDatabase } from '@/lib/server/boot/seed';
import { testDbTemplate, type TestDbTemplate } from './db-template';

/**
 * A throwaway database for one test file: in-memory PGlite by default, or a fresh database on the PostgreSQL
 * server at TEST_DATABASE_URL (dropped afterwards, by the run's keeper where one runs), so the same tests run on
 * both. Under Jest it starts as a copy of the run's migrated or seeded template (test/db-template-setup.mjs): loading
 * a PGlite dump or `create database … template` takes well under a second, migrating and seeding about 10
 * (docs/development.md "Test databases"). Without a template it migrates and seeds itself.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = testDbTemplate();
  const source = template && (options.seed ? template.seeded : template.plain);
  let handle: DbHandle;
  if (url) {
    const pgTemplate = template?.driver === 'postgres' ? template : undefined;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    let name: string;
    try {
      name = await copyOf(admin, pgTemplate, source);
    } finally {
      await admin.end();
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    const inner = createPostgresHandle(target.toString(), 20);
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        const cleanup = new Client({ connectionString: url });
        await cleanup.connect();
        try {
          await release(cleanup, pgTemplate, name);
        } finally {
          await cleanup.end();
        }
      },
    };
  } else {
    handle = createPgliteHandle(undefined, source ? new Blob([fs.readFileSync(source)]) : undefined);
  }
  if (source) return handle;
  await runMigrations(handle);
  if (options.seed) await seedDatabase(handle.db, () => undefined);
  return handle;
}

type PostgresTemplate = Extract<TestDbTemplate, { driver: 'postgres' }>;

/**
 * The file's own PostgreSQL database: a spare the run's keeper made from the template (test/db-keeper.mjs), renamed
 * to the file's name, or when none is ready (or there is no keeper) a copy made now.
 */
export async function copyOf(admin: Client, template: PostgresTemplate | undefined, source: string | undefined): Promise<string> {
  const base = template?.base;
  const name = `${base ?? 'shusheng'}_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (base && source) {
    const kind = source === template.seeded ? 'seeded' : 'migrated';
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [`${base}_spare_${kind}_`],
    );
    for (const { datname } of rows) {
      // Another worker may have renamed it first: then the next one.
      const renamed = await admin.query(`alter database ${datname} rename to ${name}`).then(
        () => true,
        () => false,
      );
      if (renamed) return name;
    }
  }
  await admin.query(`create database ${name}${source ? ` template ${source}` : ''}`);
  // A throwaway database need not wait for its commits to reach the disk (a crash loses it anyway); what a test
  // sees of transactions, locks and isolation is unchanged (docs/development.md "Test databases").
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  return name;
}

/** Hands the file's database to the keeper to drop, or drops it now: renaming fails while anything is connected. */
export async function release(admin: Client, template: PostgresTemplate | undefined, name: string): Promise<void> {
  const base = template?.base;
  if (base) {
    const renamed = await admin.query(`alter database ${name} rename to ${base}_done_${randomBytes(6).toString('hex')}`).then(
      () => true,
      () => false,
    );
    if (renamed) return;
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

/** Installs a throwaway database as the process's database for the whole test file. */
export function useTestDatabase(options: { seed?: boolean } = {}): { handle: () => DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase(options);
    setDbHandle(handle);
  }, 120_000);
  afterAll(async () => {
    // Audio the file's requests set going in the background writes to this database: it ends first. Jest runs a
    // file's afterAll hooks in the order they were declared, and this one comes before useTempAudioStorage's, so
    // without this the pump's next step found no database installed and opened the default data directory.
    // Loaded only by files that used audio (their queues live on globalThis), so the others do not pay for them.
    const loaded = globalThis as { __shushengAudioAhead?: unknown; __shushengAudioJobs?: unknown };
    if (loaded.__shushengAudioAhead) await (await import('@/lib/server/audio/ahead')).stopAhead();
    if (loaded.__shushengAudioJobs) await (await import('@/lib/server/audio/jobs')).jobsIdle();
    setDbHandle(undefined);
    await handle?.close();
  });
  return {
    handle: () => {
      if (!handle) throw new Error('test database not ready');
      return handle;
    },
  };
}
