import 'server-only';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DbHandle } from './client';

export const migrationsFolder = path.join(/* turbopackIgnore: true */ process.cwd(), 'lib/server/db/migrations');

export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db, { migrationsFolder });
  }
}
