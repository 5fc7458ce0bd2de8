import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { retryOnConflict } from '../db/pg-errors';
import { getDb } from '../db/client';
import { chapterUnlocks, chapters, novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { assertMayPayKnown, payerColumns } from './minors';
import { getBalances, memberBalance } from './balances';
import { accessColumns, accessFromRow, chapterAccess } from './entitlement';
import { chapterPublished } from '../catalog/visibility';
import { fanValueUpsert } from './fan-values';
import { lockMemberWallet, spend, type Spent } from './spend';
import { spendPrefetchFrom, spendReadColumns, spendReadValues } from './spend-prefetch';
import { builtOnce } from '../db/built-once';
import type { Tx } from '../db/client';

import type { BuyMode } from '@/lib/shared/dto/wallet';

export type { BuyMode };

export interface Afford {
  afford: boolean;
  price: number;
  buy_mode: BuyMode;
  welth: number;
  welth_coupon: number;
  novel_id: number;
}

/** GET /v1/articles/{id}/afford: what reading this chapter costs this reader, and whether they can pay it. */
export async function getAfford(memberId: number | null, chapterId: number): Promise<Afford> {
  const access = await chapterAccess(memberId, chapterId);
  if (!access) throw notFound(MSG.chapterMissing);
  const balance = memberId ? await getBalances(memberId) : { welth: 0, welth_coupon: 0 };
  const wallet = { welth: balance.welth, welth_coupon: balance.welth_coupon, novel_id: access.novelId };
  if (access.access === 'free') return { afford: true, price: 0, buy_mode: 'free', ...wallet };
  if (access.access === 'unlocked' || access.access === 'whole_book') return { afford: true, price: 0, buy_mode: 'owned', ...wallet };
  if (access.access === 'vip_free') return { afford: true, price: 0, buy_mode: 'vip_free', ...wallet };
  const wholeBook = access.saleMode === 'whole_book';
  const price = wholeBook ? (access.wholeBookPrice ?? 0) : access.price;
  return { afford: balance.welth + balance.welth_coupon >= price, price, buy_mode: wholeBook ? 'whole_book' : 'chapter', ...wallet };
}

export interface BuyResult {
  aid: number;
  nid: number;
  charged: number;
  from_vouchers: number;
  from_coins: number;
  already_owned: boolean;
  welth: number;
  welth_coupon: number;
}

/**
 * POST /v1/novels/{nid}/buy {aid}: unlocks one paid chapter. One transaction: the guardian check, the spend
 * (vouchers first) and the unlock row, which is unique per (member, chapter) so a chapter is charged once however
 * many buys race. 90400 for books sold only whole, 90401 off shelf, 90001 when the balance is short.
 * Four statements from BEGIN to COMMIT (docs/wallet.md "Statements per purchase"): the wallet lock, one read of the
 * chapter with everything the rules and the spend ask, and one write of the movement with its unlock, its fan value
 * and (buyChapterAnswering) the answer an x-sig replay gets; the balances answered come from the locked rows.
 */
const at = (name: string) => sql.placeholder(name);
/**
 * The purchase's one read after the wallet lock (docs/wallet.md "Statements per purchase"), built once
 * (`builtOnce`): the chapter, if published, with what the rules and the spend ask.
 */
const buyChapterRead = (t: Tx) =>
  t
    .select({
      ...accessColumns(at('memberId')),
      isOffShelf: novels.isOffShelf,
      ...payerColumns(at('memberId')),
      ...spendReadColumns({ memberId: at('memberId'), shard: at('shard'), coinsAccount: at('coinsAccount'), now: at('now') }),
    })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(and(eq(chapters.id, at('chapterId')), eq(chapters.novelId, at('novelId')), chapterPublished()))
    .prepare('buy_chapter_read');

export async function buyChapter(
  memberId: number,
  novelId: number,
  chapterId: number,
  idempotencyKey?: string,
  now = new Date(),
): Promise<BuyResult> {
  return (await buyChapterAnswering(memberId, novelId, chapterId, idempotencyKey, now)).result;
}

/**
 * buyChapter that also writes `storeAnswer(answer)` — the route's statement storing its x-sig's replay answer — in
 * the movement's own statement, so it commits with the purchase or not at all; `stored` says whether it was written
 * (not when nothing was bought, nor when the balances must be read back after the spend).
 */
export async function buyChapterAnswering(
  memberId: number,
  novelId: number,
  chapterId: number,
  idempotencyKey?: string,
  now = new Date(),
  storeAnswer?: (answer: BuyResult) => SQL,
): Promise<{ result: BuyResult; stored: boolean }> {
  const answer = (charged: number, spent: Spent, balances: { welth: number; welth_coupon: number }): BuyResult => ({
    aid: chapterId,
    nid: novelId,
    charged,
    from_vouchers: spent.fromVouchers,
    from_coins: spent.fromCoins,
    already_owned: false,
    welth: balances.welth,
    welth_coupon: balances.welth_coupon,
  });
  // A burst of one member's buys can deadlock on the wallet rows; the victim, rolled back whole, runs again.
  const result = await retryOnConflict(() =>
    getDb().transaction(async (t) => {
      // The lock comes before the read of what the member owns, so a second buy of this chapter waits and then sees the unlock.
      const wallet = await lockMemberWallet(t, memberId);
      const [chapter] = await builtOnce(t, 'buy_chapter_read', buyChapterRead).execute({
        ...spendReadValues(memberId, novelId, now),
        chapterId,
        novelId,
      });
      if (!chapter) throw notFound(MSG.chapterMissing);
      if (chapter.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
      const access = await accessFromRow(chapter, memberId, t, now);
      if (access.access !== 'locked') return { owned: true as const };
      if (chapter.saleMode === 'whole_book')
        throw new ApiError(CODES.wholeBook, SERVER_MSG.wholeBookOnly, { novel_id: novelId, price: chapter.wholeBookPrice ?? 0 });
      assertMayPayKnown(chapter.birthDate, chapter.hasConsent, now, chapter.minorsModeOn);
      let stored = false;
      // The key names the chapter too: an x-sig reused for another chapter must never find this charge and unlock for free.
      const paid = await spend(
        t,
        memberId,
        chapter.price,
        {
          kind: 'chapter_purchase',
          idempotencyKey: idempotencyKey ? `${memberId}:${chapterId}:${idempotencyKey}` : undefined,
          reference: `chapter:${chapterId}`,
        },
        now,
        {
          novelId,
          locked: wallet,
          prefetched: spendPrefetchFrom(chapter),
          // Written by the movement's own statement, only if the movement is new; the member's accounts are locked,
          // so no other buy of this chapter can be between the read above and this write.
          also: (spent) => {
            stored = storeAnswer !== undefined && spent.balances !== null;
            return [
              sql`insert into ${chapterUnlocks} (member_id, chapter_id, novel_id, price, tx_id)
                select ${memberId}, ${chapterId}, ${novelId}, ${chapter.price}, mv.id from mv`,
              ...(spent.fromCoins > 0 ? [fanValueUpsert(memberId, novelId, { coins: spent.fromCoins }, sql`from mv`)] : []),
              ...(stored && storeAnswer && spent.balances ? [storeAnswer(answer(chapter.price, spent, spent.balances))] : []),
            ];
          },
        },
      );
      if (!paid.fresh) throw new ApiError(CODES.conflict, SERVER_MSG.duplicatePurchase);
      return { owned: false as const, charged: chapter.price, paid, stored };
    }),
  );
  if (!result.owned && result.paid.balances) {
    return { result: answer(result.charged, result.paid, result.paid.balances), stored: result.stored };
  }
  const balance = await memberBalance(memberId);
  const spent = result.owned ? { fromCoins: 0, fromVouchers: 0 } : result.paid;
  return {
    result: { ...answer(result.owned ? 0 : result.charged, { ...spent, balances: null }, balance), already_owned: result.owned },
    stored: false,
  };
}
