import 'server-only';
import { sql } from 'drizzle-orm';
import { BONUS_HUNTER } from '@/lib/shared/activity';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

export const BONUS_HUNTER_TAG = 'bonus_hunter';

/** Ledger movements that are activity rewards paid in coins or vouchers (docs/activity-wheel.md "Profile flags"). */
const REWARD_KINDS = sql`('checkin', 'mission', 'surprise')`;

/**
 * The profile's activity flags in one query (docs/activity-wheel.md "Profile flags"). `spinwin`: an unused lottery
 * chance waits. `bonusHunter`: at least BONUS_HUNTER.rewards activity rewards in the last BONUS_HUNTER.days days —
 * check-in, mission and surprise movements in the ledger plus prizes won (prize_records, so a prize paid in VIP days
 * or tickets counts and a prize paid in coins is not counted twice) — and never a paid order. Each count stops at
 * the threshold, so a busy member costs no more than a new one.
 */
export async function activityFlags(db: DbOrTx, memberId: number, now = new Date()): Promise<{ spinwin: boolean; bonusHunter: boolean }> {
  const since = new Date(now.getTime() - BONUS_HUNTER.days * 86_400_000).toISOString();
  const cap = BONUS_HUNTER.rewards;
  const [row] = await rowsOf<{ spinwin: boolean; hunter: boolean }>(
    db,
    sql`select
      exists (select 1 from lottery_chances where member_id = ${memberId} and used_at is null) as spinwin,
      not exists (select 1 from orders where member_id = ${memberId} and paid_at is not null)
        and (select count(*) from (select 1 from ledger_transactions where member_id = ${memberId} and kind in ${REWARD_KINDS}
              and created_at > ${since} limit ${cap}) l)
          + (select count(*) from (select 1 from prize_records where member_id = ${memberId} and reward_type <> 'none'
              and created_at > ${since} limit ${cap}) p) >= ${cap} as hunter`,
  );
  return { spinwin: Boolean(row?.spinwin), bonusHunter: Boolean(row?.hunter) };
}
