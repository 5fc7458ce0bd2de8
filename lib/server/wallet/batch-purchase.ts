import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';
import type { BatchChoice, BatchQuote, BatchBuyResult } from '@/lib/shared/dto/wallet';
import { cachedFlags } from '../config/flags-cache';
import { retryOnConflict } from '../db/pg-errors';
import { getDb, type DbOrTx } from '../db/client';
import { bookEntitlements, chapterUnlocks, chapters, novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { chapterPublished } from '../catalog/visibility';
import { assertMayPay } from './minors';
import { getBalances } from './balances';
import { isFreeToAll } from './entitlement';
import { getPeriodState } from './vip';
import { addFanValue } from './fan-values';
import { lockMemberWallet, spend } from './spend';

export const BATCH_CHOICES: readonly BatchChoice[] = [10, 50, 'all'];
/** 余下全部 buys at most this many chapters at a time: one transaction must stay short (docs/wallet.md "Batch buying"). */
export const MAX_BATCH = 500;

/** The percent of each chapter's price a batch of this size pays (config `batch_discount`, 100 = no discount). */
export function batchPercent(choice: BatchChoice): number {
  const ladder = cachedFlags().batch_discount ?? DEFAULT_FLAGS.batch_discount;
  return choice === 10 ? ladder.n10 : choice === 50 ? ladder.n50 : ladder.all;
}

/** A chapter's price in a batch: rounded down in the reader's favour, never below one coin for a paid chapter. */
export const batchPrice = (price: number, percent: number) => (price <= 0 ? 0 : Math.max(1, Math.floor((price * percent) / 100)));

interface Planned {
  id: number;
  price: number;
}

/**
 * The chapters a batch from `fromId` would buy: the next `choice` published chapters of the novel (the chapter
 * itself first), less the ones this member can already read — free, unlocked, VIP-free for a VIP. Inside the buy's
 * transaction it runs after the wallet lock, so a second batch waiting on that lock sees the first one's unlocks.
 */
async function plan(db: DbOrTx, memberId: number, novelId: number, fromId: number, choice: BatchChoice, now: Date) {
  const [head] = await db
    .select({
      idx: chapters.idx,
      isOffShelf: novels.isOffShelf,
      saleMode: novels.saleMode,
      vipFree: novels.vipFree,
      freeUntil: novels.freeUntil,
      freeFrom: novels.freeFrom,
      wholeBookPrice: novels.wholeBookPrice,
    })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(and(eq(chapters.id, fromId), eq(chapters.novelId, novelId), chapterPublished(now)));
  if (!head) throw notFound(MSG.chapterMissing);
  if (head.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
  // A book sold whole keeps its whole-book offer: no batch of its chapters.
  if (head.saleMode === 'whole_book')
    throw new ApiError(CODES.wholeBook, SERVER_MSG.wholeBookOnly, { novel_id: novelId, price: head.wholeBookPrice ?? 0 });
  const rows = await db
    .select({
      id: chapters.id,
      isFree: chapters.isFree,
      price: chapters.price,
    })
    .from(chapters)
    .where(and(eq(chapters.novelId, novelId), gte(chapters.idx, head.idx), chapterPublished(now)))
    .orderBy(asc(chapters.idx))
    .limit(choice === 'all' ? MAX_BATCH : choice);
  const unlocked = new Set(
    (
      await db
        .select({ id: chapterUnlocks.chapterId })
        .from(chapterUnlocks)
        .where(and(eq(chapterUnlocks.memberId, memberId), eq(chapterUnlocks.novelId, novelId)))
    ).map((u) => u.id),
  );
  const [book] = await db
    .select({ id: bookEntitlements.id })
    .from(bookEntitlements)
    .where(and(eq(bookEntitlements.memberId, memberId), eq(bookEntitlements.novelId, novelId)));
  const vip = head.vipFree && (await getPeriodState(memberId, 'vip', db, now)).active;
  const percent = batchPercent(choice);
  const toBuy: Planned[] =
    book || vip
      ? []
      : rows
          .filter((r) => !unlocked.has(r.id) && !isFreeToAll(r, head, now) && r.price > 0)
          .map((r) => ({ id: r.id, price: batchPrice(r.price, percent) }));
  const full = rows.filter((r) => toBuy.some((b) => b.id === r.id)).reduce((s, r) => s + r.price, 0);
  const total = toBuy.reduce((s, b) => s + b.price, 0);
  return { toBuy, range: rows.length, full, total, percent };
}

/** GET /v1/novels/{nid}/batch_buy?aid=: what each of 后10章 / 后50章 / 余下全部 would buy from this chapter, and the balance. */
export async function quoteBatch(memberId: number, novelId: number, fromId: number, now = new Date()): Promise<BatchQuote> {
  const options = [];
  for (const choice of BATCH_CHOICES) {
    const p = await plan(getDb(), memberId, novelId, fromId, choice, now);
    options.push({ choice, chapters: p.toBuy.length, range: p.range, full_price: p.full, total: p.total, percent: p.percent });
  }
  const balance = await getBalances(memberId, now);
  return { nid: novelId, aid: fromId, options, welth: balance.welth, welth_coupon: balance.welth_coupon };
}

/**
 * POST /v1/novels/{nid}/batch_buy {aid, count}: buys the batch's not-yet-owned chapters in ONE transaction, one
 * ledger movement per chapter (vouchers first, as a single purchase), each unlock unique per (member, chapter).
 * Short for the whole batch → 90001 and nothing bought. Idempotent on x-sig (the route's claim, and each chapter's
 * movement key names the member, the chapter and the key).
 */
export async function buyBatch(
  memberId: number,
  novelId: number,
  fromId: number,
  choice: BatchChoice,
  idempotencyKey?: string,
  now = new Date(),
): Promise<BatchBuyResult> {
  const result = await retryOnConflict(() =>
    getDb().transaction(async (t) => {
      await lockMemberWallet(t, memberId);
      const p = await plan(t, memberId, novelId, fromId, choice, now);
      if (p.toBuy.length === 0) return { bought: [] as number[], charged: 0, fromVouchers: 0, fromCoins: 0 };
      await assertMayPay(memberId, t, now);
      let fromVouchers = 0;
      let fromCoins = 0;
      for (const c of p.toBuy) {
        const paid = await spend(
          t,
          memberId,
          c.price,
          {
            kind: 'chapter_purchase',
            idempotencyKey: idempotencyKey ? `${memberId}:${c.id}:batch:${idempotencyKey}` : undefined,
            reference: `chapter:${c.id}`,
            meta: { batch: choice, percent: p.percent },
          },
          now,
          { novelId },
        ).catch((err: unknown) => {
          // One chapter short means the batch is short: report the batch's total, not that chapter's price.
          if (err instanceof ApiError && err.code === CODES.paymentNeeded)
            throw new ApiError(CODES.paymentNeeded, SERVER_MSG.paymentNeeded, { ...(err.data as object), price: p.total });
          throw err;
        });
        if (!paid.fresh) throw new ApiError(CODES.conflict, SERVER_MSG.duplicatePurchase);
        await t.insert(chapterUnlocks).values({ memberId, chapterId: c.id, novelId, price: c.price, txId: paid.txId });
        fromVouchers += paid.fromVouchers;
        fromCoins += paid.fromCoins;
      }
      await addFanValue(t, memberId, novelId, { coins: fromCoins });
      return { bought: p.toBuy.map((c) => c.id), charged: p.total, fromVouchers, fromCoins };
    }),
  );
  const balance = await getBalances(memberId);
  return {
    nid: novelId,
    aid: fromId,
    bought: result.bought,
    charged: result.charged,
    from_vouchers: result.fromVouchers,
    from_coins: result.fromCoins,
    welth: balance.welth,
    welth_coupon: balance.welth_coupon,
  };
}
