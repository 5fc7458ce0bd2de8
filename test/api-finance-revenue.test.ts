import { and, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as revenueRoute } from '@/app/v1/admin/finance/revenue/route';
import { fanValues, gifts, memberCoinMonths, novels, ticketLots, walletAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { sendTip } from '@/lib/server/wallet/tips';
import { castVote } from '@/lib/server/wallet/votes';
import { grantTickets } from '@/lib/server/wallet/tickets';
import { ensureSystemAccount } from '@/lib/server/wallet/accounts';
import { postMovement } from '@/lib/server/wallet/ledger';
import { spend } from '@/lib/server/wallet/spend';
import { auditLedger, type Violation } from '@/lib/server/wallet/audit';
import { businessMonthOf } from '@/lib/shared/business-time';
import { revenueByMonth } from '@/lib/server/wallet/revenue';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { createStaffSession } from '@/lib/server/staff/sessions';
import type { RevenueReport } from '@/lib/shared/dto/rewards';

const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => d().transaction((tx) => fn(tx as unknown as Tx));
const month = businessMonthOf(new Date());
const staffHeaders: Record<string, Record<string, string>> = {};

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}
/** Corrupts, audits inside the same transaction, rolls back: what the audit saw. */
async function auditAfter(corrupt: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  try {
    await d().transaction(async (tx) => {
      await corrupt(tx as unknown as Tx);
      throw new Rollback(await auditLedger(tx as unknown as Tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return [...new Set((err.value as Violation[]).map((v) => v.check))].sort();
    throw err;
  }
  throw new Error('unreachable');
}

let reader: { id: number; auth: Record<string, string> };
beforeAll(async () => {
  for (const role of ['admin', 'finance', 'moderator', 'editor'] as const) {
    const id = await createStaffFromCommand(d(), { username: `fin-${role}`, role, password: `${role}-password-1` });
    const { token } = await createStaffSession(d(), id);
    staffHeaders[role] = { cookie: `staff_token=${token}` };
  }
  // One reader's month: a chapter (part vouchers), a whole book, a gift, and tickets cast.
  reader = await signedInMember({ createdAt: new Date(Date.now() - 3 * 86_400_000) });
  await inTx((tx) => credit(tx, reader.id, { kind: 'recharge_bonus', source: 'bonus', welth: 2000, welthCoupon: 5 }));
  await buyChapter(reader.id, 1, 21);
  await buyWholeBook(reader.id, 6);
  const coffee = (
    await d()
      .select()
      .from(gifts)
      .where(and(eq(gifts.title, '咖啡'), eq(gifts.languageType, 1)))
  )[0]!;
  await sendTip(reader.id, 1, { amount: 4, giftId: coffee.id });
  await inTx((tx) => grantTickets(tx, reader.id, { source: 'staff', amount: 3, key: `fin:${reader.id}` }));
  await castVote(reader.id, 1, 2);
});

const novelRow = (r: RevenueReport, id: number) => r.novels.find((n) => n.novel_id === id);

describe('revenue by novel', () => {
  it('every coin spent on a novel is on its revenue account; vouchers are not', async () => {
    const report = await revenueByMonth(month);
    const chapter = await d().execute(sql`select price from chapters where id = 21`);
    const price = Number((chapter.rows[0] as { price: number }).price);
    expect(novelRow(report, 1)).toMatchObject({ chapter: price - 5, gift: 40, book: 0, coins: price - 5 + 40 });
    expect(novelRow(report, 6)).toMatchObject({ book: 500, chapter: 0, gift: 0, coins: 500 });
    const [n1] = await d().select({ authorId: novels.authorId }).from(novels).where(eq(novels.id, 1));
    const author = report.authors.find((a) => a.author_id === n1!.authorId)!;
    expect(author.coins).toBeGreaterThanOrEqual(novelRow(report, 1)!.coins);
    expect(report.coins).toBe(report.novels.reduce((s, n) => s + n.coins, 0));
    expect(report.authors.reduce((s, a) => s + a.coins, 0)).toBe(report.coins);
    // Another month has none of it.
    expect((await revenueByMonth('2001-01')).novels).toEqual([]);
    expect(await auditLedger()).toEqual([]);
  });

  it('GET /v1/admin/finance/revenue: finance and admin staff read it, other roles and readers get 40300', async () => {
    for (const role of ['finance', 'admin']) {
      const res = await callRoute<RevenueReport>(revenueRoute, {
        url: `/v1/admin/finance/revenue?month=${month}`,
        headers: staffHeaders[role],
      });
      expect(res.status).toBe(200);
      expect(res.body.data!.month).toBe(month);
      expect(novelRow(res.body.data!, 6)).toMatchObject({ book: 500 });
    }
    const current = await callRoute<RevenueReport>(revenueRoute, { url: '/v1/admin/finance/revenue', headers: staffHeaders.finance });
    expect(current.body.data!.month).toBe(month);
    for (const headers of [staffHeaders.moderator, staffHeaders.editor, reader.auth, {}, { cookie: 'staff_token=forged' }]) {
      const res = await callRoute(revenueRoute, { url: `/v1/admin/finance/revenue?month=${month}`, headers });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300);
    }
  });

  it('refuses a malformed month', async () => {
    for (const m of ['2026-13', '26-01', 'abc', '2026-1']) {
      const res = await callRoute(revenueRoute, { url: `/v1/admin/finance/revenue?month=${m}`, headers: staffHeaders.finance });
      expect(res.status).toBe(400);
    }
  });
});

describe('the audit of revenue, tickets and fan values', () => {
  it('finds coins spent on a novel that went to `spend`, and revenue no one paid', async () => {
    const m = (await signedInMember()).id;
    expect(
      await auditAfter(async (tx) => {
        await credit(tx, m, { kind: 'recharge_bonus', source: 'bonus', welth: 50 });
        await spend(tx, m, 30, { kind: 'tip', reference: 'novel:2', meta: { novel_id: 2 } });
      }),
    ).toEqual(['fan_value_mismatch', 'novel_revenue_mismatch', 'novel_spend_not_to_revenue']);
    expect(
      await auditAfter(async (tx) => {
        const revenue = await ensureSystemAccount(tx, 'revenue:novel:3', 'welth');
        const bonus = await ensureSystemAccount(tx, 'bonus', 'welth');
        await postMovement(tx, {
          kind: 'adjust',
          memberId: null,
          legs: [
            { accountId: revenue, currency: 'welth', amount: 10 },
            { accountId: bonus, currency: 'welth', amount: -10 },
          ],
        });
      }),
    ).toEqual(['novel_revenue_mismatch', 'novel_spend_not_to_revenue']);
  });

  it('finds a ticket lot out of step with its legs, and a fan value out of step with the ledger', async () => {
    expect(
      await auditAfter((tx) =>
        tx
          .update(ticketLots)
          .set({ remaining: sql`${ticketLots.remaining} - 1` })
          .where(and(eq(ticketLots.memberId, reader.id), sql`${ticketLots.remaining} > 0`)),
      ),
    ).toEqual(['ticket_balance_mismatch', 'ticket_lot_mismatch']);
    expect(
      await auditAfter((tx) =>
        tx
          .update(walletAccounts)
          .set({ balance: sql`${walletAccounts.balance} + 1` })
          .where(and(eq(walletAccounts.memberId, reader.id), eq(walletAccounts.currency, 'ticket'))),
      ),
    ).toEqual(['balance_mismatch', 'ticket_balance_mismatch']);
    expect(
      await auditAfter((tx) =>
        tx
          .update(fanValues)
          .set({ value: sql`${fanValues.value} + 1` })
          .where(and(eq(fanValues.memberId, reader.id), eq(fanValues.novelId, 1))),
      ),
    ).toEqual(['fan_value_mismatch']);
    // The month's running total of coins (vote tickets) out of step with the spends it sums.
    expect(
      await auditAfter(async (tx) => {
        const m = (await signedInMember()).id;
        await credit(tx, m, { kind: 'recharge_bonus', source: 'bonus', welth: 50 });
        await spend(tx, m, 30, { kind: 'tip', reference: 'novel:2', meta: { novel_id: 2 } }, new Date(), { novelId: 2 });
        await tx
          .update(memberCoinMonths)
          .set({ coins: sql`${memberCoinMonths.coins} + 1` })
          .where(eq(memberCoinMonths.memberId, m));
      }),
    ).toEqual(['coin_month_mismatch', 'fan_value_mismatch']);
  });
});
