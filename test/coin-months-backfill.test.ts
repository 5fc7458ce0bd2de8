import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import type { Tx } from '@/lib/server/db/client';
import { memberCoinMonths } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { auditLedger } from '@/lib/server/wallet/audit';
import { businessMonthOf } from '@/lib/shared/business-time';

// The migration that made member_coin_months filled it from the ledger (docs/gifts-votes.md "Vote tickets"): its
// last statement, run here on a database whose totals are gone, must give back what the spends kept.
const MIGRATION = path.join(__dirname, '..', 'lib', 'server', 'db', 'migrations', '0024_member_coin_months.sql');
const backfill = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').at(-1)!;

const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;

describe('the month totals migration', () => {
  it("fills each member's month from the ledger's coin spends, as the spends themselves kept it", async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    for (const m of [a, b])
      await d().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 500 }));
    for (const c of [21, 22]) await buyChapter(a.id, 1, c);
    await buyChapter(b.id, 1, 21);
    const kept = await d().select().from(memberCoinMonths).orderBy(memberCoinMonths.memberId);
    expect(kept.filter((r) => r.memberId === a.id || r.memberId === b.id)).toHaveLength(2);
    expect(kept.find((r) => r.memberId === a.id)!.month).toBe(businessMonthOf(new Date()));

    await d().delete(memberCoinMonths);
    await d().execute(sql.raw(backfill));
    expect(await d().select().from(memberCoinMonths).orderBy(memberCoinMonths.memberId)).toEqual(kept);
    expect((await auditLedger(d())).filter((v) => v.check === 'coin_month_mismatch')).toEqual([]);

    await d().delete(memberCoinMonths).where(eq(memberCoinMonths.memberId, b.id));
    expect((await auditLedger(d())).filter((v) => v.check === 'coin_month_mismatch').map((v) => v.detail.member_id)).toEqual([b.id]);
  });
});
