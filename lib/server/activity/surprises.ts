import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SURPRISES, SURPRISE_THRESHOLDS, type SurpriseKey } from '@/lib/shared/activity';
import type { SurpriseResult } from '@/lib/shared/dto/activity';
import { getDb, type Tx } from '../db/client';
import { surpriseClaims } from '../db/schema';
import { invalid } from '../core/errors';
import { SERVER_MSG } from '../messages';
import { grantReward } from '../wallet/activity-rewards';
import { lockMemberWallet } from '../wallet/spend';

const isSurpriseKey = (key: string): key is SurpriseKey => Object.hasOwn(SURPRISES, key);

/** The member's records behind every surprise, in one statement (docs/activity.md "Surprises"). */
async function conditions(tx: Tx, memberId: number): Promise<Record<SurpriseKey, boolean>> {
  const { rows } = await tx.execute(sql`select
      coalesce((select sum(listen_seconds) from activity_days where member_id = ${memberId}), 0)::int as listen,
      coalesce((select sum(night_read_seconds) from activity_days where member_id = ${memberId}), 0)::int as night,
      coalesce((select sum(read_seconds) from activity_days where member_id = ${memberId}), 0)::int as read,
      exists (select 1 from chapter_unlocks where member_id = ${memberId}) as bought`);
  const r = rows[0] as { listen: number | string; night: number | string; read: number | string; bought: boolean };
  return {
    first_listen: Number(r.listen) >= SURPRISE_THRESHOLDS.firstListenSeconds,
    night_owl: Number(r.night) >= SURPRISE_THRESHOLDS.nightOwlSeconds,
    hundred_minutes: Number(r.read) >= SURPRISE_THRESHOLDS.hundredMinutesSeconds,
    first_purchase: Boolean(r.bought),
  };
}

/**
 * POST /v1/surprise {keys, environment}: the browser asks about the surprises it may show; the server judges each
 * from its own records and pays each once per member (surprise_claims is unique per member and key, and the reward's
 * ledger key is the surprise's). Every key is checked before anything is paid: one unknown key refuses the call.
 */
export async function claimSurprises(memberId: number, keys: string[], environment?: string, now = new Date()): Promise<SurpriseResult> {
  const unknown = keys.find((k) => !isSurpriseKey(k));
  if (unknown !== undefined) throw invalid(SERVER_MSG.surpriseUnknown(unknown));
  const wanted = [...new Set(keys)] as SurpriseKey[];
  return getDb().transaction(async (t) => {
    await lockMemberWallet(t, memberId);
    const taken = await t
      .select({ key: surpriseClaims.key })
      .from(surpriseClaims)
      .where(and(eq(surpriseClaims.memberId, memberId), inArray(surpriseClaims.key, wanted)));
    const met = await conditions(t, memberId);
    const result: SurpriseResult = { granted: [], already: [], not_met: [] };
    for (const key of wanted) {
      if (taken.some((r) => r.key === key)) result.already.push(key);
      else if (!met[key]) result.not_met.push(key);
      else {
        const [row] = await t
          .insert(surpriseClaims)
          .values({ memberId, key, environment: environment ?? null, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: surpriseClaims.id });
        if (!row) {
          result.already.push(key);
          continue;
        }
        const { name, reward } = SURPRISES[key];
        await grantReward(t, memberId, reward, { kind: 'surprise', key }, now);
        result.granted.push({ key, name, reward });
      }
    }
    return result;
  });
}
