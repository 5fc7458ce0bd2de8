import { sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { businessDateSql, businessDayTextSql } from '@/lib/server/db/business-time-sql';
import { businessDayOf } from '@/lib/shared/business-time';

const db = useTestDatabase();

// The database's business day of an instant is the one lib/shared/business-time.ts computes (docs/development.md
// "Business time"): the dashboard and the money report group by it, the wallet's services count by the other.
describe('business day in SQL', () => {
  it.each([
    '2026-11-24T15:59:59.999Z',
    '2026-11-24T16:00:00Z',
    '2026-12-31T15:59:59.999Z',
    '2026-12-31T16:00:00Z',
    '2028-02-28T16:00:00Z',
    '2028-02-29T15:59:59.999Z',
  ])('%s', async (iso) => {
    const at = sql`${iso}::timestamptz`;
    const { rows } = await db
      .handle()
      .db.execute(sql`select ${businessDayTextSql(at)} as text, to_char(${businessDateSql(at)}, 'YYYY-MM-DD') as date`);
    expect(rows[0]).toEqual({ text: businessDayOf(new Date(iso)), date: businessDayOf(new Date(iso)) });
  });
});
