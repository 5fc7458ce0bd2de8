import 'server-only';
import { dbHandle } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { runMigrations } from '../db/migrate';
import { seedIfEmpty } from './seed';
import { demoCatalogueWanted } from './demo-catalogue';
import { startFlagRefresh } from '../config/flags';
import { startWalletJobs } from '../wallet/jobs';
import { startAudioJobs } from '../audio/new-chapters';
import { startAbuseJobs } from './abuse-sweep';
import { startRankingJobs } from '../catalog/rankings-job';
import { startContentJobs } from '../content/jobs';
import { startAccountJobs } from '../accounts/jobs';
import { log } from '../logger';

/**
 * Opens the process's database, migrates it and fills an empty one with the house (categories, products, layouts)
 * and, where the demo is wanted, the demo catalogue (docs/deploy.md "First start"). What the server's start does
 * before any background job runs; the start-up tests call this alone, so no job's timer outlives them.
 */
export async function prepareDatabase(): Promise<void> {
  const demo = demoCatalogueWanted();
  const handle = dbHandle();
  const started = Date.now();
  await runMigrations(handle);
  // Start-up lines are JSON like every other server log line (docs/operations.md "Logs").
  log('info', 'db_ready', { driver: handle.driver, migrations_ms: Date.now() - started });
  await seedIfEmpty(handle.db, (line) => log('info', 'seed_progress', { message: line }), { demo });
}

/** The server's start: the database prepared, then the flag refresh and every background job. */
export async function startDatabase(): Promise<void> {
  try {
    await prepareDatabase();
    await startFlagRefresh();
    startWalletJobs();
    startAbuseJobs();
    startRankingJobs();
    startContentJobs();
    startAccountJobs();
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
