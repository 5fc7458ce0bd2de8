import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from './schema';
import { dataDir, env } from '../env';
import { acquireDataDirLock } from './lock';
import { log } from '../logger';
import { isDeadConnection, isRetryableRead } from './pg-errors';
import { tunePoolClients } from './pool-client';

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
  /** PostgreSQL only: the server, for jobs that need a connection without the pool's timeouts (migrations). */
  url?: string;
}

// Next bundles server modules several times; the handle lives on globalThis so the process has one client.
const holder = globalThis as typeof globalThis & {
  __shushengDb?: DbHandle;
  __shushengDbScope?: AsyncLocalStorage<Db>;
  __shushengDbClosed?: boolean;
  __shushengShutdown?: () => Promise<void>;
};
const scope = (holder.__shushengDbScope ??= new AsyncLocalStorage<Db>());

/**
 * pg_trgm backs search (Chinese has no word breaks for a full-text parser); PostgreSQL ships it in contrib.
 * The bundle is named by file path rather than PGlite's contrib module, whose file URL does not survive
 * Jest's module sandbox.
 */
const pgTrgm = {
  name: 'pg_trgm',
  setup: async () => ({
    // PGlite types bundlePath as a URL but reads a path as well; a file URL does not survive Jest's sandbox (above).
    // eslint-disable-next-line no-restricted-syntax
    bundlePath: path.join(
      /* turbopackIgnore: true */ process.cwd(),
      'node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz',
    ) as unknown as URL,
  }),
};

/** `load`: a dump (`dumpDataDir`) to start from instead of an empty cluster; tests copy their template this way. */
export function createPgliteHandle(dir?: string, load?: Blob): DbHandle {
  const client = new PGlite({ dataDir: dir, loadDataDir: load, extensions: { pg_trgm: pgTrgm } });
  // The one bridge between the drivers' types: both expose the same query API (see Db above).
  // eslint-disable-next-line no-restricted-syntax
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

export interface PoolLimits {
  max: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleTxTimeoutMs: number;
}

export function poolLimitsFromEnv(): PoolLimits {
  const e = env();
  return {
    max: e.DB_POOL_MAX,
    connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    idleTxTimeoutMs: e.DB_IDLE_TX_TIMEOUT_MS,
  };
}

/**
 * Every connection starts with a statement, lock and idle-in-transaction limit, and waiting for a free connection
 * is bounded too: without them one member's locked rows held every pooled connection and an unrelated balance read
 * waited 12.7 s (docs/operations.md "Database"). 0 turns a limit off. A job that legitimately runs longer raises it
 * inside its own transaction with `set local statement_timeout` (see liftTimeouts in ./timeouts.ts).
 */
export function createPostgresHandle(url: string, max?: number, limits: Partial<PoolLimits> = {}): DbHandle {
  const l = { ...poolLimitsFromEnv(), ...(max === undefined ? {} : { max }), ...limits };
  const pool = new Pool({
    connectionString: url,
    max: l.max,
    connectionTimeoutMillis: l.connectTimeoutMs,
    statement_timeout: l.statementTimeoutMs || false,
    lock_timeout: l.lockTimeoutMs || undefined,
    idle_in_transaction_session_timeout: l.idleTxTimeoutMs || undefined,
  });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
  pool.on('error', (err) => log('warn', 'pg_idle_client_error', { err }));
  retryReadsOnDeadConnection(pool);
  tunePoolClients(pool);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return { db, driver: 'postgres', url, close: () => pool.end() };
}

/**
 * A pooled connection the server has closed (pg_terminate_backend, a restart, a failover) fails the next query
 * sent on it before the pool notices. A plain read is sent once more on a fresh connection; writes and locking
 * reads are not (they may have run), and statements inside a transaction never come through pool.query.
 */
function retryReadsOnDeadConnection(pool: Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const first = query(...args);
    if (typeof args[args.length - 1] === 'function' || !(first instanceof Promise)) return first;
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    return first.catch((err: unknown) => {
      if (!isDeadConnection(err) || !isRetryableRead(text)) throw err;
      log('warn', 'pg_read_retried', { err });
      return query(...args);
    });
  }) as Pool['query'];
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
  if (!holder.__shushengDb && holder.__shushengDbClosed) throw new Error('the database is closed: the server is stopping');
  if (!holder.__shushengDb) {
    holder.__shushengDb = openDefault();
    // The server's stop (scripts/lib/stop-signals.mjs) calls this before it exits.
    holder.__shushengShutdown = closeDatabase;
  }
  return holder.__shushengDb;
}

/**
 * Closes the process's database for good, when the server stops. PGlite then writes a checkpoint, so the next start
 * does not replay its log and sequences continue where they were: without it each restart skipped up to 32 numbers of
 * every sequence — orders, novels, import drafts (docs/operations.md "Stopping the server"). A job that asks for the
 * database afterwards is refused rather than opening it again.
 */
export async function closeDatabase(): Promise<void> {
  const handle = holder.__shushengDb;
  holder.__shushengDbClosed = true;
  holder.__shushengDb = undefined;
  await handle?.close();
}

export function getDb(): Db {
  return scope.getStore() ?? dbHandle().db;
}

/**
 * Runs `work` with getDb() answering `db` (or an open transaction) for everything it awaits. The seed's simulated
 * readers go through the real services this way inside the seed's own transaction, whose database need not be the
 * process's yet (tests seed before they install theirs); a service's own transaction becomes a savepoint in it.
 */
export function withDb<T>(db: DbOrTx, work: () => Promise<T>): Promise<T> {
  return scope.run(db as Db, work);
}

/** True inside withDb(): reads there see that transaction's uncommitted rows and must not go into a shared cache. */
export function inDbScope(): boolean {
  return scope.getStore() !== undefined;
}

/** Tests install their own throwaway database here. */
export function setDbHandle(handle: DbHandle | undefined): void {
  holder.__shushengDb = handle;
}
