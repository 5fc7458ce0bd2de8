import 'server-only';
import { and, desc, asc, eq, gt, sql } from 'drizzle-orm';
import { fanTitle } from '@/lib/shared/rewards';
import type { FanStanding } from '@/lib/shared/dto/rewards';
import type { FanEntry, RewardPage } from '@/lib/shared/dto/fans-page';

export type { FanEntry };
import { getDb, type DbOrTx } from '../db/client';
import { fanValues, members } from '../db/schema';
import { cachedRead } from '../core/cache';
import { DEFAULT_AVATAR, GUEST_NAME } from '../core/display';

/** The cache tag of a novel's fan list; tips and votes drop it. */
export const fansTag = (novelId: number) => `novel:${novelId}:fans`;

/** GET /v1/novels/{nid}/fans?start&limit: biggest fan value first; ties go to the earlier member. */
export const listFans = cachedRead(
  'fans',
  async (novelId: number, start: number, limit: number): Promise<RewardPage<FanEntry> & { total: number }> => {
    const fans = and(eq(fanValues.novelId, novelId), gt(fanValues.value, 0));
    const [total] = await getDb()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(fanValues)
      .where(fans);
    const rows = await getDb()
      .select({ memberId: fanValues.memberId, value: fanValues.value, nickname: members.nickname, avatar: members.avatar })
      .from(fanValues)
      .innerJoin(members, eq(members.id, fanValues.memberId))
      .where(fans)
      .orderBy(desc(fanValues.value), asc(fanValues.memberId))
      .offset(start)
      .limit(limit + 1);
    const data = rows.slice(0, limit).map((r, i): FanEntry => ({
      member_id: r.memberId,
      nickname: r.nickname || GUEST_NAME,
      headimgurl: r.avatar || DEFAULT_AVATAR,
      value: r.value,
      ...fanTitle(r.value),
      ranking: start + i + 1,
    }));
    return { data, total: total?.n ?? 0, hasmore: rows.length > limit };
  },
  (novelId) => [fansTag(novelId)],
);

/** GET /v1/novels/{nid}/fans/me and the fan part of a tip's answer: the member's value, title and place. */
export async function getFanStanding(memberId: number, novelId: number, db: DbOrTx = getDb()): Promise<FanStanding> {
  const [row] = await db
    .select({ coins: fanValues.coins, tickets: fanValues.tickets, value: fanValues.value })
    .from(fanValues)
    .where(and(eq(fanValues.memberId, memberId), eq(fanValues.novelId, novelId)));
  const value = row?.value ?? 0;
  let ranking: number | null = null;
  if (value > 0) {
    // Same order as the list: higher value first, then lower member id.
    const [ahead] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(fanValues)
      .where(
        and(
          eq(fanValues.novelId, novelId),
          sql`(${fanValues.value} > ${value} or (${fanValues.value} = ${value} and ${fanValues.memberId} < ${memberId}))`,
        ),
      );
    ranking = (ahead?.n ?? 0) + 1;
  }
  return { novel_id: novelId, value, coins: row?.coins ?? 0, tickets: row?.tickets ?? 0, ...fanTitle(value), ranking };
}
