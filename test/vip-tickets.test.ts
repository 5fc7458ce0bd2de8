import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { accountBalance } from './balances';
import { createMember } from '@/lib/server/accounts/members';
import { getDb, type Tx } from '@/lib/server/db/client';
import { ticketLots } from '@/lib/server/db/schema';
import { auditLedger } from '@/lib/server/wallet/audit';
import { stackPeriod } from '@/lib/server/wallet/vip';
import { grantVipTicketsIfDue, liveTickets, vipTicketsFor } from '@/lib/server/wallet/tickets';
import { businessDayBounds } from '@/lib/shared/business-time';

// The monthly VIP tickets in proportion to the VIP days of the month (docs/gifts-votes.md "Vote tickets").
const db = useTestDatabase({ seed: true });
const DAY = 86_400_000;
const NOV_1 = businessDayBounds('2026-11-01').start; // November: 30 days
const DEC_1 = businessDayBounds('2026-12-01').start; // December: 31 days

async function vipMember(days: number, from: Date): Promise<number> {
  const m = await createMember(getDb(), {});
  await addVip(m.id, days, from);
  return m.id;
}
const addVip = (memberId: number, days: number, at: Date) =>
  db.handle().db.transaction((tx) => stackPeriod(tx as unknown as Tx, memberId, 'vip', days, { note: 'wheel' }, at));
const tickets = (memberId: number) => accountBalance(db.handle().db, memberId, 'ticket');
const vipLots = (memberId: number) =>
  db
    .handle()
    .db.select({ amount: ticketLots.amount, month: ticketLots.month })
    .from(ticketLots)
    .where(and(eq(ticketLots.memberId, memberId), eq(ticketLots.source, 'vip')));

describe('VIP vote tickets in proportion to the VIP days of the month', () => {
  it('the rule: 3 × covered share of the month, rounded to the nearest ticket, at most 3', () => {
    const nov = 30 * DAY;
    expect([0, 1, 4, 5, 14, 15, 24, 25, 30].map((d) => vipTicketsFor(d * DAY, nov))).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
    expect(vipTicketsFor(30 * DAY, 31 * DAY)).toBe(3);
    expect(vipTicketsFor(40 * DAY, 30 * DAY)).toBe(3);
  });

  it('a 30-day VIP over all of November gets the full 3; 30 days of December too', async () => {
    const a = await vipMember(30, NOV_1);
    expect(await liveTickets(a, new Date(NOV_1.getTime() + 2 * DAY))).toBe(3);
    const b = await vipMember(30, DEC_1);
    expect(await liveTickets(b, new Date(DEC_1.getTime() + DAY))).toBe(3);
  });

  it('a 1-day VIP won on the wheel gets none; stacking more days later in the month tops the grant up, once', async () => {
    const at = new Date(NOV_1.getTime() + 9 * DAY);
    const m = await vipMember(1, at);
    expect(await liveTickets(m, at)).toBe(0);
    await addVip(m, 4, at); // 5 days: 0.5 → 1
    const later = new Date(at.getTime() + 3_600_000);
    expect(await liveTickets(m, later)).toBe(1);
    await addVip(m, 10, later); // 15 days: 1.5 → 2
    expect(await liveTickets(m, later)).toBe(2);
    expect(await liveTickets(m, later)).toBe(2);
    await addVip(m, 30, later); // past the month's end: only the 21 days from the 10th count, 2.1 → still 2
    expect(await liveTickets(m, later)).toBe(2);
    expect((await vipLots(m)).map((l) => l.amount)).toEqual([1, 1]);
    expect(await auditLedger()).toEqual([]);
  });

  it("only the days inside the month count: a VIP from 25 November has 6 days there (1) and 24 in December (2; November's lot lapsed)", async () => {
    const start = new Date(NOV_1.getTime() + 24 * DAY);
    const m = await vipMember(30, start);
    expect(await liveTickets(m, start)).toBe(1);
    expect(await liveTickets(m, new Date(DEC_1.getTime() + DAY))).toBe(2);
    expect((await vipLots(m)).map((l) => [l.month, l.amount])).toEqual([
      ['2026-11', 1],
      ['2026-12', 2],
    ]);
  });

  it('racing reads grant once', async () => {
    const m = await vipMember(30, NOV_1);
    const now = new Date(NOV_1.getTime() + DAY);
    await Promise.all(Array.from({ length: 8 }, () => grantVipTicketsIfDue(m, now)));
    expect(await tickets(m)).toBe(3);
    expect(await vipLots(m)).toHaveLength(1);
    expect(await auditLedger()).toEqual([]);
  });
});
