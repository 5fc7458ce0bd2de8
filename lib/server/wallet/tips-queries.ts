import 'server-only';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { fanTitle } from '@/lib/shared/rewards';
import type { TipRecordDto, TopTipperDto } from '@/lib/shared/dto/fans-page';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { getDb } from '../db/client';
import { fanValues, gifts, members, tips } from '../db/schema';
import { cachedRead } from '../core/cache';
import { DEFAULT_AVATAR, GUEST_NAME } from '../core/display';

/**
 * The shapes the browser reads (lib/shared/dto/fans-page.ts), with the tipper's fan title for this novel always
 * filled here (docs/gifts-votes.md "Fan value and titles").
 */
export type TopTipper = Required<TopTipperDto>;
export type TipRecord = Required<TipRecordDto>;

/** The cache tag of a novel's tip list, sum and top tippers; a tip drops it (lib/server/wallet/tips.ts). */
export const tipsTag = (novelId: number) => `novel:${novelId}:tips`;

const fanOf = (novelId: number) => and(eq(fanValues.memberId, tips.memberId), eq(fanValues.novelId, novelId));

export const listTopTippers = cachedRead(
  'top_tippers',
  async (novelId: number, n: number): Promise<TopTipper[]> => {
    const rows = await getDb()
      .select({
        memberId: tips.memberId,
        nickname: members.nickname,
        avatar: members.avatar,
        welth: sql<number>`sum(${tips.wealthTotal})::int`,
        fanValue: sql<number>`coalesce(max(${fanValues.value}), 0)::int`,
      })
      .from(tips)
      .innerJoin(members, eq(members.id, tips.memberId))
      .leftJoin(fanValues, fanOf(novelId))
      .where(eq(tips.novelId, novelId))
      .groupBy(tips.memberId, members.nickname, members.avatar)
      .orderBy(desc(sql`sum(${tips.wealthTotal})`), tips.memberId)
      .limit(n);
    return rows.map((r, i) => ({
      member_id: r.memberId,
      nickname: r.nickname || GUEST_NAME,
      headimgurl: r.avatar || DEFAULT_AVATAR,
      welth: r.welth,
      ranking: i + 1,
      fan_title: fanTitle(r.fanValue).title,
    }));
  },
  (novelId) => [tipsTag(novelId)],
);

export const listTips = cachedRead(
  'tips',
  async (novelId: number, start: number, limit: number) => {
    const db = getDb();
    const [rows, [total]] = await Promise.all([
      db
        .select({
          tip: tips,
          nickname: members.nickname,
          avatar: members.avatar,
          giftTitle: gifts.title,
          giftThumb: gifts.thumb,
          fanValue: fanValues.value,
        })
        .from(tips)
        .innerJoin(members, eq(members.id, tips.memberId))
        .leftJoin(fanValues, fanOf(novelId))
        .innerJoin(gifts, eq(gifts.id, tips.giftId))
        .where(eq(tips.novelId, novelId))
        .orderBy(desc(tips.createdAt), desc(tips.id))
        .offset(start)
        .limit(limit),
      db.select({ n: count() }).from(tips).where(eq(tips.novelId, novelId)),
    ]);
    const data: TipRecord[] = rows.map((r, i) => ({
      id: r.tip.id,
      nid: r.tip.novelId,
      mid: r.tip.memberId,
      nickname: r.nickname || GUEST_NAME,
      giftname: r.giftTitle,
      giftamount: r.tip.amount,
      giftimgurl: r.giftThumb,
      headimgurl: r.avatar || DEFAULT_AVATAR,
      createdat: formatBusinessTime(r.tip.createdAt),
      ranking: start + i + 1,
      fan_title: fanTitle(r.fanValue ?? 0).title,
    }));
    return { data, total: total?.n ?? 0, hasmore: data.length >= limit };
  },
  (novelId) => [tipsTag(novelId)],
);

export const getTipsSum = cachedRead(
  'tips_sum',
  async (novelId: number): Promise<{ sum: number; count: number }> => {
    const [row] = await getDb()
      .select({ sum: sql<number>`coalesce(sum(${tips.wealthTotal}), 0)::int`, n: count() })
      .from(tips)
      .where(eq(tips.novelId, novelId));
    return { sum: row?.sum ?? 0, count: row?.n ?? 0 };
  },
  (novelId) => [tipsTag(novelId)],
);
