// npm run db:seed [-- --reset]: migrate and write the demo catalogue into DATA_DIR (or DATABASE_URL).
import { sql } from 'drizzle-orm';
import { dbHandle } from '../lib/server/db/client';
import { runMigrations } from '../lib/server/db/migrate';
import { isEmpty, seedDatabase } from '../lib/server/boot/seed';

async function main() {
  const handle = dbHandle();
  if (process.argv.includes('--reset')) {
    console.log('seed: --reset drops every table first');
    // One statement per call: PGlite prepares each query, and a prepared statement holds exactly one command.
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
  }
  await runMigrations(handle);
  if (!(await isEmpty(handle.db))) {
    console.log('seed: the database already holds a catalogue; run with -- --reset to rebuild it');
  } else {
    await seedDatabase(handle.db);
  }
  await handle.close();
}

/** Drizzle reports `Failed query: …` and keeps the database's own words in `cause`: print the whole chain. */
function describe(err: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 10; depth++) {
    const code = typeof e === 'object' && 'code' in e && e.code ? ` [${String(e.code)}]` : '';
    lines.push(`${depth ? 'caused by: ' : ''}${e instanceof Error ? e.message : String(e)}${code}`);
    e = e instanceof Error ? e.cause : undefined;
  }
  return lines.join('\n');
}

main().catch((err) => {
  console.error(`seed: failed\n${describe(err)}`);
  process.exit(1);
});
