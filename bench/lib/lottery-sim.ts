// Draws on the real wheel service (drawPrize, crypto randomness) against the database that getDb() points at, and
// the fit of the counts to the published weights: shared by bench/lottery.mjs (10,000 draws) and
// test/lottery-distribution.test.ts (docs/activity-wheel.md "Figures").
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../../lib/server/db/client';
import { configFlags, members, prizes } from '../../lib/server/db/schema';
import { grantReward } from '../../lib/server/wallet/activity-rewards';
import { drawPrize } from '../../lib/server/activity/lottery';
import { LOTTERY_BUDGET_CONFIG_KEY } from '../../lib/shared/activity';
import { chiSquare, chiSquareCritical, chiSquarePValue } from './chi-square';

export interface DrawFit {
  draws: number;
  seconds: number;
  slots: Array<{ name: string; weight: number; observed: number; expected: number }>;
  /** The slots χ² was taken over: one expecting fewer than 5 draws is pooled with the next rarest (the usual rule). */
  cells: Array<{ names: string[]; observed: number; expected: number }>;
  chi_square: number;
  df: number;
  p_value: number;
  critical_p05: number;
  critical_p1e6: number;
}

/** Pools the rarest cell into the next rarest while it expects fewer than 5 (χ²'s approximation needs about 5). */
function pool(slots: DrawFit['slots']): DrawFit['cells'] {
  const cells = slots.map((s) => ({ names: [s.name], observed: s.observed, expected: s.expected }));
  cells.sort((a, b) => a.expected - b.expected);
  while (cells.length > 2 && cells[0]!.expected < 5) {
    const [rare, next] = cells.splice(0, 2) as [DrawFit['cells'][number], DrawFit['cells'][number]];
    cells.push({ names: [...rare.names, ...next.names], observed: rare.observed + next.observed, expected: rare.expected + next.expected });
    cells.sort((a, b) => a.expected - b.expected);
  }
  return cells;
}

/**
 * `draws` draws by `members` members (chances granted first), `concurrency` at a time. The daily stock and budget
 * are lifted first, so every slot is given as drawn and the counts should follow the weights alone.
 */
export async function simulateDraws(draws: number, options: { members?: number; concurrency?: number } = {}): Promise<DrawFit> {
  const db = getDb();
  const memberCount = options.members ?? 50;
  const concurrency = options.concurrency ?? 1;
  await db.update(prizes).set({ dailyStock: null });
  await db
    .insert(configFlags)
    .values({ key: LOTTERY_BUDGET_CONFIG_KEY, value: 1_000_000_000 })
    .onConflictDoUpdate({ target: configFlags.key, set: { value: 1_000_000_000 } });
  const ids = (
    await db
      .insert(members)
      .values(Array.from({ length: memberCount }, () => ({})))
      .returning({ id: members.id })
  ).map((m) => m.id);
  const per = Math.ceil(draws / memberCount);
  for (const id of ids)
    await db.transaction((tx) => grantReward(tx as unknown as Tx, id, { type: 'lottery', amount: per }, { kind: 'mission', key: 'sim' }));
  const counts = new Map<number, number>();
  let next = 0;
  const t0 = performance.now();
  async function worker() {
    for (let i = next++; i < draws; i = next++) {
      const result = await drawPrize(ids[i % memberCount]!);
      counts.set(result.prize_id, (counts.get(result.prize_id) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const wheel = (await db.select().from(prizes).where(eq(prizes.active, true)).orderBy(asc(prizes.sort), asc(prizes.id))).filter(
    (p) => p.weight > 0,
  );
  const total = wheel.reduce((s, p) => s + p.weight, 0);
  const slots = wheel.map((p) => ({
    name: p.name,
    weight: p.weight,
    observed: counts.get(p.id) ?? 0,
    expected: (draws * p.weight) / total,
  }));
  const cells = pool(slots);
  const x = chiSquare(
    cells.map((c) => c.observed),
    cells.map((c) => c.expected),
  );
  const df = cells.length - 1;
  // Sanity: every draw landed on a weighted slot.
  const [row] = (await db.execute(sql`select count(*)::int as n from prize_records`)).rows as Array<{ n: number }>;
  if (Number(row!.n) < draws) throw new Error(`lottery sim: ${row!.n} records for ${draws} draws`);
  return {
    draws,
    seconds: +seconds.toFixed(2),
    slots: slots.map((s) => ({ ...s, expected: +s.expected.toFixed(2) })),
    cells: cells.map((c) => ({ ...c, expected: +c.expected.toFixed(2) })),
    chi_square: +x.toFixed(3),
    df,
    p_value: +chiSquarePValue(x, df).toPrecision(4),
    critical_p05: +chiSquareCritical(0.05, df).toFixed(3),
    critical_p1e6: +chiSquareCritical(1e-6, df).toFixed(3),
  };
}
