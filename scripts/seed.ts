// npm run db:seed [-- --reset]: migrate and write the demo catalogue into DATA_DIR (or DATABASE_URL).
import { sql } from 'drizzle-orm';
import { dbHandle } from '../lib/server/db/client';
import { runMigrations } from '../lib/server/db/migrate';
import { isEmpty, seedDatabase } from '../lib/server/db/seed';

async function main() {
  const handle = dbHandle();
  if (process.argv.includes('--reset')) {
    console.log('seed: --reset drops every table first');
    await handle.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`);
  }
  await runMigrations(handle);
  if (!(await isEmpty(handle.db))) {
    console.log('seed: the database already holds a catalogue; run with -- --reset to rebuild it');
  } else {
    await seedDatabase(handle.db);
  }
  await handle.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
