import 'server-only';
import { dbHandle } from './client';
import { DataDirLockedError } from './lock';
import { runMigrations } from './migrate';
import { seedIfEmpty } from './seed';
import { startFlagRefresh } from '../config/flags';
import { startWalletJobs } from '../wallet/jobs';
import { startAudioJobs } from '../audio/new-chapters';
import { startAbuseJobs } from '../abuse/jobs';
import { startRankingJobs } from '../catalog/rankings-job';
import { startContentJobs } from '../content/jobs';
import { log } from '../logger';

/** Opens the process's database, migrates it and seeds the demo catalogue on first start. */
export async function startDatabase(): Promise<void> {
  try {
    const handle = dbHandle();
    const started = Date.now();
    await runMigrations(handle);
    // Start-up lines are JSON like every other server log line (docs/operations.md "Logs").
    log('info', 'db_ready', { driver: handle.driver, migrations_ms: Date.now() - started });
    await seedIfEmpty(handle.db, (line) => log('info', 'seed_progress', { message: line }));
    await startFlagRefresh();
    startWalletJobs();
    startAbuseJobs();
    startRankingJobs();
    startContentJobs();
    await startAudioJobs();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      // A second server on the same PGlite directory would silently lose writes: refuse to start at all.
      log('error', 'data_dir_locked', { message: err.message });
      process.exit(1);
    }
    log('error', 'db_start_failed', { err });
    throw err;
  }
}
