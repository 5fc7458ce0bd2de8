import 'server-only';
import { dbHandle } from './client';
import { DataDirLockedError } from './lock';
import { runMigrations } from './migrate';
import { seedIfEmpty } from './seed';
import { startFlagRefresh } from '../config/flags';
import { startWalletJobs } from '../wallet/jobs';
import { startAudioJobs } from '../audio/new-chapters';
import { startAbuseJobs } from '../abuse/jobs';

/** Opens the process's database, migrates it and seeds the demo catalogue on first start. */
export async function startDatabase(): Promise<void> {
  try {
    const handle = dbHandle();
    const started = Date.now();
    await runMigrations(handle);
    console.log(`db: ${handle.driver} ready, migrations applied in ${Date.now() - started} ms`);
    await seedIfEmpty(handle.db, (line) => console.log(line));
    await startFlagRefresh();
    startWalletJobs();
    startAbuseJobs();
    await startAudioJobs();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      // A second server on the same PGlite directory would silently lose writes: refuse to start at all.
      console.error(`\n✖ ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
