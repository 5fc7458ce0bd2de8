import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { accountBalance } from './balances';
import { signedInMember } from './members';
import { POST as drawRoute } from '@/app/v1/activity/draw/route';
import { GET as wheelRoute } from '@/app/v1/activity/wheel/route';
import { GET as gamelogsRoute } from '@/app/v1/activity/gamelogs/route';
import { GET as prizesRoute } from '@/app/v1/mall/prizes/route';
import { configFlags, ledgerTransactions, lotteryChances, lotteryDays, prizeDays, prizeRecords, prizes } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { grantReward } from '@/lib/server/wallet/activity-rewards';
import { auditLedger } from '@/lib/server/wallet/audit';
import { drawPrize } from '@/lib/server/activity/lottery';
import { LOTTERY_BUDGET_CONFIG_KEY, PRIZES_LIMIT } from '@/lib/shared/activity';
import type { DrawResult, GameLogDto, PrizeRecordDto, WheelDto } from '@/lib/shared/dto/activity';
import type { Paged } from '@/lib/shared/dto/wallet-records';

// The prize wheel's calls (docs/activity-wheel.md): draw, wheel, 我的奖品 and 抽奖记录.
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
type Auth = Record<string, string>;
type Prize = typeof prizes.$inferSelect;

let seeded: Prize[] = [];
const byName = (name: string) => seeded.find((p) => p.name === name)!;
let chanceKey = 0;
const giveChances = (memberId: number, n: number) =>
  d().transaction((tx) =>
    grantReward(tx as unknown as Tx, memberId, { type: 'lottery', amount: n }, { kind: 'mission', key: `t${chanceKey++}` }),
  );
const chancesLeft = async (memberId: number) =>
  (
    await d()
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryChances)
      .where(and(eq(lotteryChances.memberId, memberId), isNull(lotteryChances.usedAt)))
  )[0]!.n;
const recordsOf = (memberId: number) =>
  d().select().from(prizeRecords).where(eq(prizeRecords.memberId, memberId)).orderBy(asc(prizeRecords.id));
const balanceOf = (memberId: number, currency: string) => accountBalance(d(), memberId, currency);
const draw = (auth: Auth, headers: Auth = {}) =>
  callRoute<DrawResult>(drawRoute, { method: 'POST', url: '/v1/activity/draw', headers: { ...auth, ...headers } });
/** Only `name` has weight (and the fallback none): every draw picks it, so the test knows what the wheel lands on. */
const onlyPrize = async (name: string, patch: Partial<Prize> = {}) => {
  await d().update(prizes).set({ weight: 0 });
  await d()
    .update(prizes)
    .set({ weight: 100, ...patch })
    .where(eq(prizes.name, name));
};
const setBudget = (value: number) =>
  d().insert(configFlags).values({ key: LOTTERY_BUDGET_CONFIG_KEY, value }).onConflictDoUpdate({ target: configFlags.key, set: { value } });

beforeAll(async () => {
  seeded = await d().select().from(prizes).orderBy(asc(prizes.sort), asc(prizes.id));
});

// Every test starts from the seeded wheel and the default budget.
afterEach(async () => {
  for (const p of seeded) await d().update(prizes).set(p).where(eq(prizes.id, p.id));
  await d().delete(configFlags).where(eq(configFlags.key, LOTTERY_BUDGET_CONFIG_KEY));
});

describe('GET /v1/activity/wheel', () => {
  it('shows the active slots in order with odds that sum to 100, the daily stock and the rules; 0 chances signed out', async () => {
    const res = await callRoute<WheelDto>(wheelRoute, { url: '/v1/activity/wheel' });
    expect(res.status).toBe(200);
    const wheel = res.body.data!;
    expect(wheel.chances).toBe(0);
    expect(wheel.prizes.map((p) => [p.name, p.odds, p.daily_stock, p.fallback])).toEqual([
      ['10书券', 30.98, null, false],
      ['50书券', 19.36, null, false],
      ['100书币', 6.2, 200, false],
      ['1天VIP', 15.49, null, false],
      ['7天VIP', 4.65, 50, false],
      ['365天VIP', 0.08, 1, false],
      ['谢谢参与', 23.24, null, true],
    ]);
    expect(Math.round(wheel.prizes.reduce((s, p) => s + p.odds * 100, 0))).toBe(10_000);
    expect(wheel.rules.join('\n')).toMatch(/概率.*公示/);
    expect(wheel.rules.join('\n')).toContain('谢谢参与');
    expect(wheel.rules.join('\n')).toMatch(/签到第7天.*任务.*惊喜/);
    expect(wheel.rules.join('\n')).toContain('50000书币');
  });

  it('counts the signed-in member’s unused chances and hides a slot staff took off', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 3);
    await d().update(prizes).set({ active: false }).where(eq(prizes.name, '365天VIP'));
    await setBudget(5000);
    const wheel = (await callRoute<WheelDto>(wheelRoute, { url: '/v1/activity/wheel', headers: m.auth })).body.data!;
    expect(wheel.chances).toBe(3);
    expect(wheel.prizes.map((p) => p.name)).not.toContain('365天VIP');
    expect(wheel.prizes.reduce((s, p) => s + Math.round(p.odds * 100), 0)).toBe(10_000);
    expect(wheel.rules.join('\n')).toContain('5000书币');
  });
});

describe('POST /v1/activity/draw', () => {
  it('spends one chance, records the prize and pays it through the ledger as a prize movement', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 2);
    await onlyPrize('100书币');
    const res = await draw(m.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      prize_id: byName('100书币').id,
      chances: 1,
      record: { name: '100书币', reward: 100, reward_type: 'welth' },
    });
    expect(await balanceOf(m.id, 'welth')).toBe(100);
    const [rec] = await recordsOf(m.id);
    expect(rec).toMatchObject({ prizeId: byName('100书币').id, rewardType: 'welth', reward: 100, chanceId: expect.any(Number) });
    const moves = await d()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, m.id), eq(ledgerTransactions.kind, 'prize')));
    expect(moves).toHaveLength(1);
    expect(await auditLedger()).toEqual([]);
  });

  it('pays vouchers as a lot, VIP days as a VIP period, and 谢谢参与 pays nothing', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 3);
    await onlyPrize('50书券');
    expect((await draw(m.auth)).body.data!.record.name).toBe('50书券');
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(50);
    await onlyPrize('7天VIP');
    expect((await draw(m.auth)).body.data!.record).toMatchObject({ reward_type: 'vip_days', reward: 7 });
    await onlyPrize('谢谢参与');
    const none = (await draw(m.auth)).body.data!;
    expect(none).toMatchObject({
      prize_id: byName('谢谢参与').id,
      chances: 0,
      record: { name: '谢谢参与', reward_type: 'none', reward: 0 },
    });
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(50);
    expect(await balanceOf(m.id, 'welth')).toBe(0);
    expect(await auditLedger()).toEqual([]);
  });

  it('without a chance: 409 没有抽奖机会了 and nothing written; signed out: 90002', async () => {
    const m = await signedInMember();
    const before = await d().select().from(lotteryDays);
    const res = await draw(m.auth);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('没有抽奖机会了');
    expect(await recordsOf(m.id)).toEqual([]);
    expect(await d().select().from(lotteryDays)).toEqual(before);
    const anon = await draw({});
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(90002);
  });

  it('spends only the caller’s own chances: another member’s chance stays theirs', async () => {
    const [owner, other] = [await signedInMember(), await signedInMember()];
    await giveChances(owner.id, 1);
    expect((await draw(other.auth)).status).toBe(409);
    expect(await chancesLeft(owner.id)).toBe(1);
    expect((await draw(owner.auth)).status).toBe(200);
    expect(await chancesLeft(owner.id)).toBe(0);
  });

  it('a replayed x-sig answers the first draw again and spends nothing more', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 2);
    const sig = freshSig();
    const first = await draw(m.auth, { 'x-sig': sig });
    const again = await draw(m.auth, { 'x-sig': sig });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-idempotent-replay')).toBe('1');
    expect(again.body.data).toEqual(first.body.data);
    expect(await recordsOf(m.id)).toHaveLength(1);
    expect(await chancesLeft(m.id)).toBe(1);
  });

  it('20 parallel draws on one chance: exactly one draw and one payment', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 1);
    await onlyPrize('10书券');
    const results = await Promise.all(Array.from({ length: 20 }, () => draw(m.auth)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await recordsOf(m.id)).toHaveLength(1);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(10);
    const moves = await d()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, m.id), eq(ledgerTransactions.kind, 'prize')));
    expect(moves).toHaveLength(1);
  });

  it('never gives a prize beyond its daily stock, even racing; the rest fall to 谢谢参与, and the next day has new stock', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => signedInMember()));
    for (const m of members) await giveChances(m.id, 2);
    await onlyPrize('7天VIP', { dailyStock: 3 });
    const day1 = new Date('2030-03-01T04:00:00Z');
    const results = await Promise.all(members.map((m) => drawPrize(m.id, day1)));
    expect(results.filter((r) => r.record.name === '7天VIP')).toHaveLength(3);
    expect(results.filter((r) => r.record.name === '谢谢参与')).toHaveLength(5);
    const [row] = await d()
      .select()
      .from(prizeDays)
      .where(and(eq(prizeDays.prizeId, byName('7天VIP').id), eq(prizeDays.day, '2030-03-01')));
    expect(row!.drawn).toBe(3);
    // 16:30 UTC is already the next business day in Asia/Shanghai.
    expect((await drawPrize(members[0]!.id, new Date('2030-03-01T16:30:00Z'))).record.name).toBe('7天VIP');
    // A stock of 0 gives nothing.
    await onlyPrize('7天VIP', { dailyStock: 0 });
    expect((await drawPrize(members[1]!.id, new Date('2030-04-01T04:00:00Z'))).record.name).toBe('谢谢参与');
  });

  it('never spends more than the daily budget: a prize that would pass it falls to 谢谢参与', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => signedInMember()));
    for (const m of members) await giveChances(m.id, 1);
    await onlyPrize('100书币', { dailyStock: null });
    await setBudget(250);
    const now = new Date('2030-05-01T04:00:00Z');
    const results = await Promise.all(members.map((m) => drawPrize(m.id, now)));
    expect(results.filter((r) => r.record.name === '100书币')).toHaveLength(2);
    const [day] = await d().select().from(lotteryDays).where(eq(lotteryDays.day, '2030-05-01'));
    expect(day).toMatchObject({ spent: 200, draws: 6 });
    const coins = await Promise.all(members.map((m) => balanceOf(m.id, 'welth')));
    expect(coins.reduce((a, b) => a + b, 0)).toBe(200);
    expect(await auditLedger()).toEqual([]);
  });

  it('a prize refused for stock gives back the budget it was counted against', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 2);
    await onlyPrize('7天VIP', { dailyStock: 1 });
    const now = new Date('2030-06-01T04:00:00Z');
    await drawPrize(m.id, now);
    expect((await drawPrize(m.id, now)).record.name).toBe('谢谢参与');
    const [day] = await d().select().from(lotteryDays).where(eq(lotteryDays.day, '2030-06-01'));
    expect(day).toMatchObject({ spent: 700, draws: 2 });
  });

  it('maps the random number onto the weights in wheel order (an injected source)', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 8);
    // 365天VIP costs 29,800, within the default budget of 50,000 a day.
    const now = new Date('2030-07-01T04:00:00Z');
    // Seeded weights in order: 400, 250, 80, 200, 60, 1, 300 (total 1291).
    const cases: Array<[number, string]> = [
      [0, '10书券'],
      [399, '10书券'],
      [400, '50书券'],
      [650, '100书币'],
      [730, '1天VIP'],
      [930, '7天VIP'],
      [990, '365天VIP'],
      [991, '谢谢参与'],
    ];
    const seen: Array<[number, string]> = [];
    for (const [r, name] of cases) {
      const got = await drawPrize(m.id, now, (max) => {
        expect(max).toBe(1291);
        return r;
      });
      seen.push([r, got.record.name]);
      expect(got.record.name).toBe(name);
    }
    expect(seen).toHaveLength(8);
    expect((await drawPrize(m.id, now, () => 990).catch((e: Error) => e.message)) as string).toContain('没有抽奖机会了');
  });

  it('the one-unit 365天VIP slot: r = 990 lands on it once a day, and never under a budget below its cost', async () => {
    const m = await signedInMember();
    await giveChances(m.id, 3);
    await setBudget(20_000);
    expect((await drawPrize(m.id, new Date('2030-08-02T04:00:00Z'), () => 990)).record.name).toBe('谢谢参与');
    await setBudget(60_000);
    const now = new Date('2030-08-01T04:00:00Z');
    expect((await drawPrize(m.id, now, () => 990)).record.name).toBe('365天VIP');
    expect((await drawPrize(m.id, now, () => 990)).record.name).toBe('谢谢参与');
  });
});

describe('GET /v1/mall/prizes and /v1/activity/gamelogs', () => {
  it('list the member’s own draws newest first: prizes without 谢谢参与, game logs with it; paged by PRIZES_LIMIT', async () => {
    const [m, other] = [await signedInMember(), await signedInMember()];
    await giveChances(m.id, 4);
    await giveChances(other.id, 1);
    const t0 = Date.parse('2030-09-01T04:00:00Z');
    const picks = [0, 1290, 400, 1290];
    for (const [i, r] of picks.entries()) await drawPrize(m.id, new Date(t0 + i * 60_000), () => r);
    await drawPrize(other.id, new Date(t0), () => 0);

    const logs = await callRoute<Paged<GameLogDto>>(gamelogsRoute, { url: '/v1/activity/gamelogs', headers: m.auth });
    expect(logs.status).toBe(200);
    expect(logs.body.data!.data.map((l) => l.name)).toEqual(['谢谢参与', '50书券', '谢谢参与', '10书券']);
    expect(logs.body.data!.data[0]).toMatchObject({ reward_type: 'none', reward: 0, iso_created_at: new Date(t0 + 180_000).toISOString() });
    expect(logs.body.data!.hasmore).toBe(false);

    const mine = await callRoute<Paged<PrizeRecordDto>>(prizesRoute, { url: '/v1/mall/prizes', headers: m.auth });
    expect(mine.body.data!.data.map((p) => [p.name, p.reward_type, p.reward])).toEqual([
      ['50书券', 'welth_coupon', 50],
      ['10书券', 'welth_coupon', 10],
    ]);
    const page = await callRoute<Paged<GameLogDto>>(gamelogsRoute, { url: '/v1/activity/gamelogs?start=1&limit=2', headers: m.auth });
    expect(page.body.data).toMatchObject({ hasmore: true });
    expect(page.body.data!.data.map((l) => l.name)).toEqual(['50书券', '谢谢参与']);
  });

  it('refuse a page larger than PRIZES_LIMIT or malformed paging, and anonymous callers', async () => {
    const m = await signedInMember();
    for (const url of [`/v1/mall/prizes?limit=${PRIZES_LIMIT + 1}`, '/v1/mall/prizes?start=-1', '/v1/mall/prizes?limit=0']) {
      const res = await callRoute(prizesRoute, { url, headers: m.auth });
      expect(res.status).toBe(400);
    }
    expect((await callRoute(gamelogsRoute, { url: '/v1/activity/gamelogs?limit=abc', headers: m.auth })).status).toBe(400);
    expect((await callRoute(prizesRoute, { url: '/v1/mall/prizes' })).body.code).toBe(90002);
    expect((await callRoute(gamelogsRoute, { url: '/v1/activity/gamelogs' })).body.code).toBe(90002);
    const ok = await callRoute<Paged<PrizeRecordDto>>(prizesRoute, { url: `/v1/mall/prizes?limit=${PRIZES_LIMIT}`, headers: m.auth });
    expect(ok.body.data).toEqual({ data: [], hasmore: false });
  });
});
