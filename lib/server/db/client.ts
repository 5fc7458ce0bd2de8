import 'server-only';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from './schema';
import { dataDir, env } from '../env';
import { acquireDataDirLock } from './lock';
import { log } from '../logger';

/** One Drizzle type for both drivers: the PGlite and node-postgres sessions expose the same query API. */
export type Db = NodePgDatabase<typeof schema>;
export type Driver = 'pglite' | 'postgres';
/** A transaction handle; services that must join a caller's transaction take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: Driver;
  close: () => Promise<void>;
}

// Next bundles server modules several times; the handle lives on globalThis so the process has one client.
const holder = globalThis as typeof globalThis & { __shushengDb?: DbHandle };

/**
 * pg_trgm backs search (Chinese has no word breaks for a full-text parser); PostgreSQL ships it in contrib.
 * The bundle is named by file path rather than PGlite's contrib module, whose file URL does not survive
 * Jest's module sandbox.
 */
const pgTrgm = {
  name: 'pg_trgm',
  setup: async () => ({
    bundlePath: path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz') as unknown as URL,
  }),
};

export function createPgliteHandle(dir?: string): DbHandle {
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm: pgTrgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

export function createPostgresHandle(url: string, max = 10): DbHandle {
  const pool = new Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
  pool.on('error', (err) => log('warn', 'pg_idle_client_error', { err }));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return { db, driver: 'postgres', close: () => pool.end() };
}

function openDefault(): DbHandle {
  const { DATABASE_URL } = env();
  if (DATABASE_URL) return createPostgresHandle(DATABASE_URL);
  const dir = dataDir();
  acquireDataDirLock(dir);
  return createPgliteHandle(path.join(dir, 'pglite'));
}

/** The process's database, opened on first use (never at import or build time). */
export function dbHandle(): DbHandle {
  holder.__shushengDb ??= openDefault();
  return holder.__shushengDb;
}

export function getDb(): Db {
  return dbHandle().db;
}

/** Tests install their own throwaway database here. */
export function setDbHandle(handle: DbHandle | undefined): void {
  holder.__shushengDb = handle;
}
