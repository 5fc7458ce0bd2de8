import { and, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { createMember } from '@/lib/server/accounts/members';
import { chapterUnlocks, walletAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { spend } from '@/lib/server/wallet/spend';
import { addFanValue } from '@/lib/server/wallet/fan-values';
import { auditLedger } from '@/lib/server/wallet/audit';
import { SYSTEM_SHARDS, systemBalance, systemShardCount, systemShardOf } from '@/lib/server/wallet/accounts';

// Novel 2 of the seed: paid chapters from 231 on, 5 coins each.
const NOVEL = 2;
const FIRST_PAID = 231;
jest.setTimeout(240_000);
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
let nextChapter = FIRST_PAID;

async function fundedMember(coins = 100, vouchers = 2): Promise<number> {
  const { id } = await createMember(d(), {});
  await d().transaction(async (tx) => {
    await credit(tx as unknown as Tx, id, { kind: 'test_grant', source: 'bonus', welth: coins, welthCoupon: vouchers, voucherDays: 7 });
  });
  return id;
}
const shardsOf = (name: string, currency: string) =>
  d()
    .select({ shard: walletAccounts.shard, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.systemName, name), eq(walletAccounts.currency, currency)));

afterEach(() => {
  delete process.env.WALLET_SYSTEM_SHARDS;
});

describe('system accounts split into shards', () => {
  it("purchases of many members spread over the shards; a member's movements stay on one; the sum is what was spent", async () => {
    const revenueBefore = await systemBalance(`revenue:novel:${NOVEL}`, 'welth', d());
    const spendBefore = await systemBalance('spend', 'welth_coupon', d());
    const buyers = await Promise.all(Array.from({ length: SYSTEM_SHARDS }, () => fundedMember()));
    let charged = 0;
    let vouchers = 0;
    for (const m of buyers)
      for (let k = 0; k < 2; k++) {
        const r = await buyChapter(m, NOVEL, nextChapter++);
        charged += r.from_coins;
        vouchers += r.from_vouchers;
      }
    expect(charged).toBeGreaterThan(0);
    expect(vouchers).toBe(2 * buyers.length);
    const revenue = await shardsOf(`revenue:novel:${NOVEL}`, 'welth');
    expect(new Set(buyers.map(systemShardOf)).size).toBe(SYSTEM_SHARDS);
    expect(revenue.length).toBe(SYSTEM_SHARDS);
    expect(await systemBalance(`revenue:novel:${NOVEL}`, 'welth', d())).toBe(revenueBefore + charged);
    expect(await systemBalance('spend', 'welth_coupon', d())).toBe(spendBefore + vouchers);
    // One member's two purchases: both movements' revenue legs on that member's shard.
    const legs = (
      await d().execute(sql`select distinct a.shard from ledger_entries e join wallet_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.tx_id where t.member_id = ${buyers[3]!} and a.system_name is not null`)
    ).rows as Array<{ shard: number }>;
    expect(legs.map((l) => Number(l.shard))).toEqual([systemShardOf(buyers[3]!)]);
    expect(await auditLedger()).toEqual([]);
  });

  it('the audit still checks every shard against its entries, and a novel’s revenue summed over its shards', async () => {
    const [row] = await d()
      .select({ id: walletAccounts.id, shard: walletAccounts.shard })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.systemName, `revenue:novel:${NOVEL}`), eq(walletAccounts.shard, 5)));
    await d()
      .update(walletAccounts)
      .set({ balance: sql`${walletAccounts.balance} + 1` })
      .where(eq(walletAccounts.id, row!.id));
    try {
      const found = await auditLedger();
      expect(found.map((v) => v.check).sort()).toEqual(['balance_mismatch', 'novel_revenue_mismatch']);
      expect(found.find((v) => v.check === 'balance_mismatch')!.detail).toMatchObject({ shard: 5, system_name: `revenue:novel:${NOVEL}` });
    } finally {
      await d()
        .update(walletAccounts)
        .set({ balance: sql`${walletAccounts.balance} - 1` })
        .where(eq(walletAccounts.id, row!.id));
    }
    expect(await auditLedger()).toEqual([]);
  });

  it('a bad shard setting falls back to the default, never to a shard out of range', async () => {
    for (const bad of ['0', '-3', '1.5', 'many', '65']) {
      process.env.WALLET_SYSTEM_SHARDS = bad;
      expect(systemShardOf(SYSTEM_SHARDS + 3)).toBe(3);
    }
    process.env.WALLET_SYSTEM_SHARDS = '1';
    expect(systemShardOf(12345)).toBe(0);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/**
 * Member A's purchase is held open in one transaction (its wallet rows and its system shard rows locked) while member
 * B buys a chapter of the same novel through the real purchase call. Returns whether B's purchase finished while A's
 * transaction still held its locks, and whether both committed.
 */
async function buyWhileAnotherHolds(): Promise<{ finishedWhileHeld: boolean; a: boolean; b: boolean }> {
  const a = await fundedMember();
  const b = await fundedMember();
  if (systemShardCount() > 1) expect(systemShardOf(a)).not.toBe(systemShardOf(b));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const isHolding = new Promise<void>((r) => (holding = r));
  const chapterA = nextChapter++;
  const chapterB = nextChapter++;
  const aDone = d().transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const paid = await spend(t, a, 5, { kind: 'chapter_purchase', reference: `chapter:${chapterA}` }, new Date(), { novelId: NOVEL });
    await t.insert(chapterUnlocks).values({ memberId: a, chapterId: chapterA, novelId: NOVEL, price: 5, txId: paid.txId });
    await addFanValue(t, a, NOVEL, { coins: paid.fromCoins });
    holding();
    await held;
  });
  await isHolding;
  // A lets go as soon as B is seen waiting on a lock (pg_stat_activity), or once B is done: no timing involved.
  let bDone = false;
  let sawWait = false;
  const bPromise = buyChapter(b, NOVEL, chapterB).finally(() => (bDone = true));
  while (!bDone) {
    const waiting = (
      await d().execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0] as { n: number };
    if (Number(waiting.n) > 0) {
      sawWait = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  release();
  const bResult = await bPromise;
  const finishedWhileHeld = !sawWait;
  await aDone;
  const unlocks = await d()
    .select({ m: chapterUnlocks.memberId })
    .from(chapterUnlocks)
    .where(sql`${chapterUnlocks.chapterId} in (${chapterA}, ${chapterB})`);
  return { finishedWhileHeld, a: unlocks.some((u) => u.m === a), b: bResult.charged === 5 && unlocks.some((u) => u.m === b) };
}

onPostgres('purchases by different members on PostgreSQL', () => {
  it('proceed while another member’s purchase of the same novel holds its transaction open', async () => {
    expect(await buyWhileAnotherHolds()).toEqual({ finishedWhileHeld: true, a: true, b: true });
    expect(await auditLedger()).toEqual([]);
  });

  it('queued behind it on the single system row the shards replaced (WALLET_SYSTEM_SHARDS=1)', async () => {
    process.env.WALLET_SYSTEM_SHARDS = '1';
    expect(await buyWhileAnotherHolds()).toEqual({ finishedWhileHeld: false, a: true, b: true });
    expect(await auditLedger()).toEqual([]);
  });
});
