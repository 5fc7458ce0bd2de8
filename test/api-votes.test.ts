import { and, eq } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as myTickets } from '@/app/v1/my/tickets/route';
import { GET as profileRoute } from '@/app/v1/my/profile/route';
import { GET as currentRoute } from '@/app/v1/competitions/current/route';
import { GET as boardRoute } from '@/app/v1/competitions/[id]/route';
import { GET as statusRoute } from '@/app/v1/competitions/novel/[nid]/vote_status/route';
import { POST as voteRoute } from '@/app/v1/competitions/novel/[nid]/votes/route';
import { competitions, fanValues, novels, products, ticketLots, vipPeriods, votes, walletAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { grantTickets, liveTickets } from '@/lib/server/wallet/tickets';
import { runWalletSweep } from '@/lib/server/wallet/jobs';
import { businessMonthBounds, businessMonthOf } from '@/lib/shared/business-time';
import { createOrder } from '@/lib/server/wallet/orders';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { auditLedger } from '@/lib/server/wallet/audit';
import { mergeMembers } from '@/lib/server/accounts/merge';
import { TICKETS } from '@/lib/shared/rewards';
import type { CompetitionBoard, TicketsDto, VoteResult, VoteStatus } from '@/lib/shared/dto/rewards';

const db = useTestDatabase({ seed: true });
const HOUR = 3_600_000;
const CAP = TICKETS.perNovelMonthlyCap;
type Auth = Record<string, string>;
const d = () => db.handle().db;
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => d().transaction((tx) => fn(tx as unknown as Tx));
let grants = 0;
const giveTickets = (memberId: number, amount: number, now = new Date()) =>
  inTx((tx) => grantTickets(tx, memberId, { source: 'staff', amount, key: `test:${memberId}:${(grants += 1)}` }, now));
/** A member old enough that their votes count at once. */
const veteran = (values = {}) => signedInMember({ createdAt: new Date(Date.now() - 3 * 24 * HOUR), ...values });
const vote = (auth: Auth, nid: number | string, body: unknown, headers: Auth = {}) =>
  callRoute<VoteResult>(voteRoute, {
    method: 'POST',
    url: `/v1/competitions/novel/${nid}/votes`,
    params: { nid: String(nid) },
    body,
    headers: { ...auth, ...headers },
  });
const status = (auth: Auth, nid: number) =>
  callRoute<VoteStatus>(statusRoute, { url: `/v1/competitions/novel/${nid}/vote_status`, params: { nid: String(nid) }, headers: auth });
const board = (id: number, qs = '') =>
  callRoute<CompetitionBoard>(boardRoute, { url: `/v1/competitions/${id}${qs}`, params: { id: String(id) } });
const ticketBalance = async (memberId: number) =>
  (
    await d()
      .select({ b: walletAccounts.balance })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.currency, 'ticket')))
  )[0]?.b ?? 0;

let competitionId: number;
beforeAll(async () => {
  competitionId = (await d().select({ id: competitions.id }).from(competitions))[0]!.id;
});

describe('vote tickets', () => {
  it('paid coins earn one ticket per 100 in the month, in the spend that crosses it; /v1/my/tickets shows them', async () => {
    const m = await signedInMember();
    await inTx((tx) => credit(tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 1000, welthCoupon: 50 }));
    // Vouchers first: 50 of the 500-coin book are vouchers and earn nothing; 450 coins → 4 tickets.
    await buyWholeBook(m.id, 6);
    expect(await ticketBalance(m.id)).toBe(4);
    const chapter = await buyChapter(m.id, 1, 21);
    const res = await callRoute<TicketsDto>(myTickets, { url: '/v1/my/tickets', headers: m.auth });
    expect(res.status).toBe(200);
    const t = res.body.data!;
    expect(t.month_coins).toBe(450 + chapter.from_coins);
    expect(t.lots.length).toBeGreaterThanOrEqual(1);
    expect(t.tickets).toBe(Math.floor(t.month_coins / 100));
    expect(t.coins_to_next).toBe(100 - (t.month_coins % 100));
    expect(
      t.lots.every(
        (l) => l.source === 'spend' && new Date(l.expires_at).getTime() === businessMonthBounds(businessMonthOf(new Date())).end.getTime(),
      ),
    ).toBe(true);
    expect(t.lots.reduce((s, l) => s + l.remaining, 0)).toBe(t.tickets);
    expect((await callRoute<{ tickets: number }>(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.data!.tickets).toBe(
      t.tickets,
    );
    expect((await callRoute(myTickets, { url: '/v1/my/tickets' })).body.code).toBe(90002);
  });

  it("keeps the month's coins as a running total: racing buys each count once, a repeat adds nothing, the audit agrees", async () => {
    const m = await signedInMember();
    await inTx((tx) => credit(tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 1000 }));
    // Chapter 21 twice at once: one buys it, the other finds it owned; a replay of the same key charges nothing.
    const buys = await Promise.all([21, 22, 23, 21].map((c) => buyChapter(m.id, 1, c, `race:${m.id}:${c}`)));
    const again = await buyChapter(m.id, 1, 22, `race:${m.id}:22`);
    const coins = buys.reduce((s, b) => s + b.from_coins, 0);
    expect(coins).toBeGreaterThan(0);
    expect(again.from_coins).toBe(0);
    const t = (await callRoute<TicketsDto>(myTickets, { url: '/v1/my/tickets', headers: m.auth })).body.data!;
    expect(t.month_coins).toBe(coins);
    expect(t.tickets).toBe(Math.floor(coins / TICKETS.coinsPerTicket));
    expect((await auditLedger(d())).filter((v) => v.check === 'coin_month_mismatch')).toEqual([]);
  });

  it('VIP members get the monthly grant once, lazily, when their tickets are read', async () => {
    const m = await signedInMember();
    await d()
      .insert(vipPeriods)
      // All of this month (the grant is in proportion to the month's VIP days: test/vip-tickets.test.ts).
      .values({
        memberId: m.id,
        kind: 'vip',
        startsAt: businessMonthBounds(businessMonthOf(new Date())).start,
        endsAt: new Date(Date.now() + 40 * 24 * HOUR),
      });
    const first = await callRoute<TicketsDto>(myTickets, { url: '/v1/my/tickets', headers: m.auth });
    const second = await callRoute<TicketsDto>(myTickets, { url: '/v1/my/tickets', headers: m.auth });
    expect(first.body.data!.tickets).toBe(TICKETS.vipMonthly);
    expect(second.body.data!.tickets).toBe(TICKETS.vipMonthly);
    expect(first.body.data!.lots).toMatchObject([{ source: 'vip', amount: TICKETS.vipMonthly }]);
    // A member without VIP gets nothing.
    const plain = await signedInMember();
    expect((await callRoute<TicketsDto>(myTickets, { url: '/v1/my/tickets', headers: plain.auth })).body.data!.tickets).toBe(0);
  });

  it('tickets lapse at the end of the month (Asia/Shanghai): the sweep and a read both expire them; the audit holds', async () => {
    const m = await signedInMember();
    const n = await signedInMember();
    await giveTickets(m.id, 4);
    await giveTickets(n.id, 2);
    const { end } = businessMonthBounds(businessMonthOf(new Date()));
    expect(await liveTickets(m.id, new Date(end.getTime() - 1))).toBe(4);
    expect(await liveTickets(m.id, end)).toBe(0);
    const [lot] = await d().select().from(ticketLots).where(eq(ticketLots.memberId, m.id));
    expect(lot).toMatchObject({ remaining: 0 });
    expect(lot!.expiredAt).not.toBeNull();
    const sweep = await runWalletSweep(end);
    expect(sweep.ticketLots).toBeGreaterThanOrEqual(1);
    expect(await ticketBalance(n.id)).toBe(0);
    expect(await auditLedger()).toEqual([]);
  });
  it('binding a guest moves their ticket balance and lots to the account', async () => {
    const target = await signedInMember();
    const guest = await signedInMember({ isGuest: true });
    await giveTickets(target.id, 2);
    await giveTickets(guest.id, 5);
    await inTx((tx) => mergeMembers(tx, guest.id, target.id));
    expect(await ticketBalance(target.id)).toBe(7);
    expect(await ticketBalance(guest.id)).toBe(0);
    expect(await d().select().from(ticketLots).where(eq(ticketLots.memberId, guest.id))).toEqual([]);
    expect((await callRoute<TicketsDto>(myTickets, { url: '/v1/my/tickets', headers: target.auth })).body.data!.lots).toHaveLength(2);
    expect(await auditLedger()).toEqual([]);
  });
});

describe('POST /v1/competitions/novel/{nid}/votes', () => {
  it('takes tickets earliest-expiring first, writes the vote and fan value, moves the leaderboard', async () => {
    const m = await veteran();
    await giveTickets(m.id, 10);
    const before = await board(competitionId);
    const res = await vote(m.auth, 1, { amount: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 3, tickets: 7, cap_left: CAP - 3, counted: true });
    expect(res.body.data!.novel_votes).toBeGreaterThanOrEqual(3);
    expect(res.body.data!.novel_rank).toBeGreaterThanOrEqual(1);
    const [fan] = await d()
      .select()
      .from(fanValues)
      .where(and(eq(fanValues.memberId, m.id), eq(fanValues.novelId, 1)));
    expect(fan).toMatchObject({ tickets: 3, value: 300 });
    const after = await board(competitionId);
    const votesOf = (b: CompetitionBoard) => b.data.find((e) => e.novel_id === 1)?.votes ?? 0;
    expect(votesOf(after.body.data!) - votesOf(before.body.data!)).toBe(3);
    expect(after.body.data!.data[0]).toMatchObject({ rank: 1 });
    const current = await callRoute<CompetitionBoard>(currentRoute, { url: '/v1/competitions/current?language_type=1' });
    expect(current.body.data).toMatchObject({ id: competitionId });
    const st = await status(m.auth, 1);
    expect(st.body.data).toMatchObject({ tickets: 7, cap: CAP, cap_left: CAP - 3, competition: { id: competitionId } });
    expect(await auditLedger()).toEqual([]);
  });

  it.each([
    ['zero', { amount: 0 }],
    ['negative', { amount: -1 }],
    ['fractional', { amount: 1.5 }],
    ['huge', { amount: 1e15 }],
    ['a string', { amount: '1' }],
    ['nothing', {}],
  ])('refuses %s with 40000 and takes nothing', async (_name, body) => {
    const m = await veteran();
    await giveTickets(m.id, 5);
    const res = await vote(m.auth, 1, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(await ticketBalance(m.id)).toBe(5);
  });

  it('refuses guests, unknown and off-shelf novels and a missing x-sig', async () => {
    expect((await vote({}, 1, { amount: 1 })).body.code).toBe(90002);
    const m = await veteran();
    await giveTickets(m.id, 5);
    expect((await vote(m.auth, 99_999, { amount: 1 })).status).toBe(404);
    expect((await vote(m.auth, 5, { amount: 1 })).body.code).toBe(90401);
    expect((await vote(m.auth, 1, { amount: 1 }, { 'x-sig': undefined as unknown as string })).status).toBe(400);
    expect(await ticketBalance(m.id)).toBe(5);
  });

  it('over the monthly cap per novel: a clear 409 naming what is left; another novel still takes votes', async () => {
    const m = await veteran();
    await giveTickets(m.id, 50);
    expect((await vote(m.auth, 2, { amount: CAP + 1 })).status).toBe(409);
    expect((await vote(m.auth, 2, { amount: CAP - 2 })).status).toBe(200);
    const over = await vote(m.auth, 2, { amount: 3 });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(String(CAP));
    expect(over.body.data).toEqual({ cap: CAP, cap_left: 2 });
    expect((await vote(m.auth, 2, { amount: 2 })).body.data).toMatchObject({ cap_left: 0 });
    expect((await vote(m.auth, 7, { amount: 1 })).status).toBe(200);
    expect(await ticketBalance(m.id)).toBe(50 - CAP - 1);
  });

  it('short of tickets: a 409 that says how tickets are earned, nothing taken', async () => {
    const m = await veteran();
    await giveTickets(m.id, 2);
    const res = await vote(m.auth, 1, { amount: 3 });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('月票不足');
    expect(res.body.message).toContain('书币');
    expect(res.body.data).toMatchObject({ tickets: 2, amount: 3 });
    expect(await ticketBalance(m.id)).toBe(2);
    // Lapsed tickets cannot be cast either.
    const old = await veteran();
    await giveTickets(old.id, 3, new Date(businessMonthBounds(businessMonthOf(new Date())).start.getTime() - 1000));
    expect((await vote(old.auth, 1, { amount: 1 })).status).toBe(409);
  });

  it('replays the same x-sig without casting twice', async () => {
    const m = await veteran();
    await giveTickets(m.id, 5);
    const sig = freshSig();
    expect((await vote(m.auth, 1, { amount: 2 }, { 'x-sig': sig })).status).toBe(200);
    const again = await vote(m.auth, 1, { amount: 2 }, { 'x-sig': sig });
    expect(again.headers.get('x-idempotent-replay')).toBe('1');
    expect(await ticketBalance(m.id)).toBe(3);
  });

  it('no running competition (ended, switched off, or another language’s): 409, nothing taken', async () => {
    const m = await veteran();
    await giveTickets(m.id, 5);
    const [seeded] = await d().select().from(competitions).where(eq(competitions.id, competitionId));
    try {
      await d().update(competitions).set({ languageType: 1 }).where(eq(competitions.id, competitionId));
      const ug = (await d().select({ id: novels.id }).from(novels).where(eq(novels.languageType, 0)))[0]!.id;
      const other = await vote(m.auth, ug, { amount: 1 });
      expect(other.status).toBe(409);
      expect(other.body.message).toContain('评选');
      await d()
        .update(competitions)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(eq(competitions.id, competitionId));
      expect((await vote(m.auth, 1, { amount: 1 })).status).toBe(409);
      expect((await status({}, 1)).body.data).toMatchObject({ competition: null, tickets: 0 });
      expect((await callRoute(currentRoute, { url: '/v1/competitions/current' })).body.data).toBeNull();
      await d().update(competitions).set({ endsAt: seeded!.endsAt, active: false }).where(eq(competitions.id, competitionId));
      expect((await vote(m.auth, 1, { amount: 1 })).status).toBe(409);
    } finally {
      await d()
        .update(competitions)
        .set({ languageType: seeded!.languageType, endsAt: seeded!.endsAt, active: true })
        .where(eq(competitions.id, competitionId));
    }
    expect(await ticketBalance(m.id)).toBe(5);
    // The closed competition's board stays readable.
    expect((await board(competitionId)).status).toBe(200);
  });

  it('a new member who never paid: the vote is kept but held back; it counts from their first payment', async () => {
    const m = await signedInMember();
    await giveTickets(m.id, 4);
    const novel = 8;
    const res = await vote(m.auth, novel, { amount: 4 });
    expect(res.body.data).toMatchObject({ counted: false, novel_votes: 0, novel_rank: null });
    expect((await board(competitionId)).body.data!.data.some((e) => e.novel_id === novel)).toBe(false);
    const pack = (await d().select().from(products).where(eq(products.name, '600书币')))[0]!;
    const order = await createOrder(m.id, pack.id, {});
    expect(await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price))).toMatchObject({ credited: true });
    expect((await d().select().from(votes).where(eq(votes.memberId, m.id))).every((v) => v.counted)).toBe(true);
    expect((await board(competitionId)).body.data!.data.find((e) => e.novel_id === novel)).toMatchObject({ votes: 4 });
  });

  /**
   * Parallel votes queue on the member's wallet lock; on a loaded machine a vote at the back of the queue may time
   * out on it (503, nothing written), which a client retries: those are retried one by one, as the comment-cap test does.
   */
  const burst = async (calls: Array<() => ReturnType<typeof vote>>) => {
    const results = await Promise.all(calls.map((c) => c()));
    for (let i = 0; i < results.length; i++) while (results[i]!.status === 503) results[i] = await calls[i]!();
    return results;
  };

  it('parallel votes can exceed neither the monthly cap nor the tickets held', async () => {
    const rich = await veteran();
    await giveTickets(rich.id, 100);
    const capped = await burst(Array.from({ length: 30 }, () => () => vote(rich.auth, 9, { amount: 1 })));
    expect(capped.filter((r) => r.status === 200)).toHaveLength(CAP);
    expect(capped.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await ticketBalance(rich.id)).toBe(100 - CAP);

    const poor = await veteran();
    await giveTickets(poor.id, 5);
    const short = await burst(Array.from({ length: 15 }, (_, i) => () => vote(poor.auth, 10 + (i % 3), { amount: 1 })));
    expect(short.filter((r) => r.status === 200)).toHaveLength(5);
    expect(short.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await ticketBalance(poor.id)).toBe(0);
    expect(await auditLedger()).toEqual([]);
  });
});

describe('competition reads', () => {
  it('pages the board and refuses bad ids and paging', async () => {
    const page = await board(competitionId, '?start=0&limit=1');
    expect(page.body.data!.data.length).toBeLessThanOrEqual(1);
    expect((await board(competitionId, '?limit=0')).status).toBe(400);
    expect((await callRoute(boardRoute, { url: '/v1/competitions/x', params: { id: 'x' } })).status).toBe(400);
    expect((await board(99_999)).status).toBe(404);
    expect((await callRoute(currentRoute, { url: '/v1/competitions/current?language_type=9' })).status).toBe(400);
    expect((await callRoute(statusRoute, { url: '/v1/competitions/novel/99999/vote_status', params: { nid: '99999' } })).status).toBe(404);
  });

  it('a guest’s vote status has the competition and no tickets', async () => {
    const res = await status({}, 1);
    expect(res.body.data).toMatchObject({ tickets: 0, cap: CAP, cap_left: CAP, competition: { id: competitionId } });
  });
});
