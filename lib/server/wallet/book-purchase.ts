import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { bookEntitlements, chapterUnlocks, novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { assertMayPay } from './minors';
import { getBalances } from './balances';
import type { BuyResult } from './purchases';
import { addFanValue } from './fan-values';
import { lockMemberWallet, spend } from './spend';

/** What a whole-book purchase answers: a chapter purchase's figures, for the novel. */
export type BookBuyResult = Omit<BuyResult, 'aid'>;

/** The price of the whole book in coins, or null when the novel is not sold whole (free, or chapter by chapter). */
export function wholeBookPriceOf(novel: { saleMode: string; wholeBookPrice: number | null }): number | null {
  return novel.saleMode === 'whole_book' && novel.wholeBookPrice !== null ? novel.wholeBookPrice : null;
}

/**
 * POST /v1/novels/{nid}/buy_book: buys a novel sold whole (90400, docs/wallet.md "Purchases") — every chapter, present and future,
 * through one book entitlement. One transaction: the member's wallet is locked first, so parallel buys of the
 * same book queue and the later ones find the entitlement instead of paying again; idempotent on x-sig too.
 */
export async function buyWholeBook(memberId: number, novelId: number, idempotencyKey?: string, now = new Date()): Promise<BookBuyResult> {
  const result = await getDb().transaction(async (t) => {
    const [novel] = await t
      .select({ isOffShelf: novels.isOffShelf, saleMode: novels.saleMode, wholeBookPrice: novels.wholeBookPrice })
      .from(novels)
      .where(eq(novels.id, novelId));
    if (!novel) throw notFound(SERVER_MSG.novelNotFound);
    if (novel.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
    const price = wholeBookPriceOf(novel);
    if (price === null) throw new ApiError(CODES.validation, SERVER_MSG.wholeBookNotSold);
    await lockMemberWallet(t, memberId);
    const [owned] = await t
      .select({ id: bookEntitlements.id })
      .from(bookEntitlements)
      .where(and(eq(bookEntitlements.memberId, memberId), eq(bookEntitlements.novelId, novelId)));
    if (owned) return { charged: 0, fromVouchers: 0, fromCoins: 0, owned: true };
    await assertMayPay(memberId, t, now);
    const paid = await spend(
      t,
      memberId,
      price,
      {
        kind: 'book_purchase',
        idempotencyKey: idempotencyKey ? `${memberId}:${novelId}:${idempotencyKey}` : undefined,
        reference: `novel:${novelId}`,
      },
      now,
      { novelId },
    );
    if (!paid.fresh) throw new ApiError(CODES.conflict, SERVER_MSG.duplicatePurchase);
    await t.insert(bookEntitlements).values({ memberId, novelId, price, txId: paid.txId });
    await addFanValue(t, memberId, novelId, { coins: paid.fromCoins });
    return { charged: price, fromVouchers: paid.fromVouchers, fromCoins: paid.fromCoins, owned: false };
  });
  const balance = await getBalances(memberId);
  return {
    nid: novelId,
    charged: result.charged,
    from_vouchers: result.fromVouchers,
    from_coins: result.fromCoins,
    already_owned: result.owned,
    welth: balance.welth,
    welth_coupon: balance.welth_coupon,
  };
}

/**
 * GET /v1/novels/{nid}/owned: what this member owns of the novel — the whole book, and the chapters bought one by one
 * or in a batch. The novel page and the chapter list are cached for everyone, so they ask here once hydrated:
 * 已购全本 instead of 购买全本, 已购 beside a bought chapter (docs/wallet.md "Purchases").
 */
export async function ownedInNovel(
  memberId: number,
  novelId: number,
): Promise<{ nid: number; whole_book: boolean; chapter_ids: number[] }> {
  const [row] = await getDb()
    .select({ id: bookEntitlements.id })
    .from(bookEntitlements)
    .where(and(eq(bookEntitlements.memberId, memberId), eq(bookEntitlements.novelId, novelId)));
  const unlocks = await getDb()
    .select({ id: chapterUnlocks.chapterId })
    .from(chapterUnlocks)
    .where(and(eq(chapterUnlocks.memberId, memberId), eq(chapterUnlocks.novelId, novelId)))
    .orderBy(asc(chapterUnlocks.chapterId));
  return { nid: novelId, whole_book: Boolean(row), chapter_ids: unlocks.map((u) => u.id) };
}
