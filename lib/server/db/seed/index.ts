import 'server-only';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { novels } from '../schema';
import { seedCatalog, type Log } from './seed-catalog';
import { seedDiscovery } from './seed-discovery';
import { seedCommerce } from './seed-commerce';
import { seedWords } from './seed-words';
import { seedActivity } from './seed-activity';
import { seedGames } from './seed-games';
import { seedAdsDemo } from './seed-ads';
import { recomputeRankings } from '../../catalog/rankings-job';
import { liftTimeouts } from '../timeouts';

/** Writes the whole demo catalogue in one transaction, so a crash never leaves half a catalogue behind. */
export async function seedDatabase(db: Db, log: Log = console.log): Promise<{ ms: number }> {
  const started = Date.now();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Tens of thousands of rows in one transaction: longer than the pool's statement limit allows a request.
    await liftTimeouts(tx);
    const plan = await seedCatalog(tx as unknown as Db, log, now);
    log('seed: lists, rankings and layouts');
    await seedDiscovery(tx as unknown as Db, plan);
    log('seed: products, gifts, activities and config');
    await seedCommerce(tx as unknown as Db, plan, now);
    await seedWords(tx as unknown as Db);
    await seedGames(tx as unknown as Db, plan, now);
    log('seed: simulated readers and the rankings they earn');
    const simulated = Date.now();
    const readers = await seedActivity(tx as unknown as Db, plan, now);
    await seedAdsDemo(tx as unknown as Db, now);
    const ranked = await recomputeRankings(now, tx);
    log(`seed: ${readers.length} readers in ${Date.now() - simulated - ranked.ms} ms, ${ranked.rows} ranking rows in ${ranked.ms} ms`);
  });
  const ms = Date.now() - started;
  log(`seed: done in ${(ms / 1000).toFixed(1)} s`);
  return { ms };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(novels);
  return (row?.n ?? 0) === 0;
}

export async function seedIfEmpty(db: Db, log: Log = console.log): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log('seed: empty database, writing the demo catalogue');
  await seedDatabase(db, log);
  return true;
}
