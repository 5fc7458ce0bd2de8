import 'server-only';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, novels } from '../../db/schema';
import { seedCatalog, type Log } from './seed-catalog';
import { seedDiscovery } from './seed-discovery';
import { seedCommerce } from './seed-commerce';
import { seedWords } from './seed-words';
import { seedActivity } from './seed-activity';
import { seedGames } from './seed-games';
import { seedAdsDemo } from './seed-ads';
import { recomputeRankings } from '../../catalog/rankings-job';
import { liftTimeouts } from '../../db/timeouts';

export interface SeedOptions {
  /**
   * true: the demo catalogue — 211 novels, their lists and carousels, promotions, ads, games and simulated readers
   * who pay through the real wallet. false: only the house a deployment starts from (docs/deploy.md "First start"):
   * categories, rankings, the channel layouts with empty lists, the shop's products, gifts, prizes, missions, the
   * starter word list and the config flags; no novel, no member, no order.
   */
  demo: boolean;
}

/** Writes the seed in one transaction, so a crash never leaves half a catalogue behind. */
export async function seedDatabase(db: Db, log: Log = console.log, { demo }: SeedOptions = { demo: true }): Promise<{ ms: number }> {
  const started = Date.now();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Tens of thousands of rows in one transaction: longer than the pool's statement limit allows a request.
    await liftTimeouts(tx);
    const plan = await seedCatalog(tx, log, now, demo);
    log('seed: lists, rankings and layouts');
    await seedDiscovery(tx, plan, demo);
    log('seed: products, gifts, activities and config');
    await seedCommerce(tx, plan, now, demo);
    await seedWords(tx);
    if (!demo) return;
    await seedGames(tx, plan, now);
    log('seed: simulated readers and the rankings they earn');
    const simulated = Date.now();
    const readers = await seedActivity(tx, plan, now);
    await seedAdsDemo(tx, now);
    const ranked = await recomputeRankings(now, tx);
    log(`seed: ${readers.length} readers in ${Date.now() - simulated - ranked.ms} ms, ${ranked.rows} ranking rows in ${ranked.ms} ms`);
  });
  const ms = Date.now() - started;
  log(`seed: done in ${(ms / 1000).toFixed(1)} s`);
  return { ms };
}

/** Nothing seeded yet: no novel and no category (a deployment's house has categories and, at first, no novel). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [books] = await db.select({ n: count() }).from(novels);
  const [kinds] = await db.select({ n: count() }).from(categories);
  return (books?.n ?? 0) === 0 && (kinds?.n ?? 0) === 0;
}

export async function seedIfEmpty(db: Db, log: Log = console.log, options: SeedOptions = { demo: true }): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log(
    options.demo
      ? 'seed: empty database, writing the demo catalogue'
      : 'seed: empty database, writing the house without the demo catalogue',
  );
  await seedDatabase(db, log, options);
  return true;
}
