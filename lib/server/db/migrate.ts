import 'server-only';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { createPostgresHandle, type DbHandle } from './client';

export const migrationsFolder = path.join(/* turbopackIgnore: true */ process.cwd(), 'lib/server/db/migrations');

export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    // The other side of the bridge in client.ts: a PGlite handle's db is a PgliteDatabase typed as Db.
    // eslint-disable-next-line no-restricted-syntax
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else if (handle.url) {
    // A migration may rewrite a large table: it runs on its own connection without the pool's timeouts
    // (docs/operations.md "Database").
    const unlimited = createPostgresHandle(handle.url, 1, {
      statementTimeoutMs: 0,
      lockTimeoutMs: 0,
      idleTxTimeoutMs: 0,
      connectTimeoutMs: 0,
    });
    try {
      await migratePg(unlimited.db, { migrationsFolder });
    } finally {
      await unlimited.close();
    }
  } else {
    await migratePg(handle.db, { migrationsFolder });
  }
}
