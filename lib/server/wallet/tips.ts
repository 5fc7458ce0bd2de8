import 'server-only';
import { and, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { TipResult } from '@/lib/shared/dto/rewards';
import { GIFTS_PAY_WITH_VOUCHERS } from '@/lib/shared/rewards';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { chapters, gifts, novels, tips } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { assertMayPay } from './minors';
import { assertNotInMinorsMode } from '../minors/mode';
import { invalidateNow } from '../core/cache';
import { fansTag, getFanStanding } from './fans';
import { tipsTag } from './tips-queries';
import { getBalances } from './balances';
import { businessDayOf } from '@/lib/shared/business-time';
import { addFanValue } from './fan-values';
import { lockMemberWallet, spend } from './spend';

export interface TipInput {
  amount: number;
  giftId: number;
  scene?: string | null;
  chapterId?: number | null;
}

/**
 * POST /v1/novels/{nid}/tips (docs/gifts-votes.md "Gifts and tips"). One transaction: the member's wallet lock,
 * the minors' check, one `tip` movement of coins only (vouchers never pay gifts: GIFTS_PAY_WITH_VOUCHERS) from the
 * member to the novel's revenue account, the tip row, the fan value and the tickets the coins earn. The free gift
 * moves no money: the tip row's business day (unique per member) lets it through once a day however many race.
 * Idempotent on x-sig: a replay of the same key finds the first tip and charges nothing.
 */
export async function sendTip(memberId: number, novelId: number, input: TipInput, sig?: string, now = new Date()): Promise<TipResult> {
  // No gift at all in 青少年模式, the free one included (docs/minors-mode.md "No paying"); paid ones are refused again below.
  await assertNotInMinorsMode(memberId, getDb(), now);
  const total = await getDb().transaction(async (t) => {
    const [novel] = await t
      .select({ isOffShelf: novels.isOffShelf, languageType: novels.languageType })
      .from(novels)
      .where(eq(novels.id, novelId));
    if (!novel) throw notFound(SERVER_MSG.novelNotFound);
    if (novel.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
    const [gift] = await t.select().from(gifts).where(eq(gifts.id, input.giftId));
    // A gift staff took off sale is refused as if unknown (docs/selling.md).
    if (!gift || !gift.active) throw invalid(SERVER_MSG.giftNotFound);
    if (gift.languageType !== novel.languageType) throw invalid(SERVER_MSG.giftOtherLanguage);
    if (input.chapterId) {
      const [chapter] = await t
        .select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.id, input.chapterId), eq(chapters.novelId, novelId)));
      if (!chapter) throw invalid(SERVER_MSG.chapterNotInNovel);
    }
    const row = {
      novelId,
      memberId,
      giftId: gift.id,
      amount: input.amount,
      chapterId: input.chapterId ?? null,
      scene: input.scene ?? null,
      createdAt: now,
    };
    // Queue behind the member's other spends and tips (same lock order as purchases: docs/wallet.md "Ledger").
    await lockMemberWallet(t, memberId);
    if (gift.isFree || gift.wealth === 0) {
      if (input.amount !== 1) throw invalid(SERVER_MSG.freeGiftOnePerSend);
      const inserted = await t
        .insert(tips)
        .values({ ...row, wealthTotal: 0, freeDay: businessDayOf(now) })
        .onConflictDoNothing()
        .returning({ id: tips.id });
      if (!inserted.length) throw new ApiError(CODES.conflict, SERVER_MSG.freeGiftUsed);
      return 0;
    }
    await assertMayPay(memberId, t, now);
    const price = gift.wealth * input.amount;
    const paid = await spend(
      t,
      memberId,
      price,
      {
        kind: 'tip',
        // Names the novel too: an x-sig reused on another novel must never find this tip.
        idempotencyKey: sig ? `${memberId}:${novelId}:${sig}` : undefined,
        reference: `novel:${novelId}`,
        meta: { gift_id: gift.id, amount: input.amount, chapter_id: input.chapterId ?? null, scene: input.scene ?? null },
      },
      now,
      { novelId, coinsOnly: !GIFTS_PAY_WITH_VOUCHERS },
    );
    if (!paid.fresh) throw new ApiError(CODES.conflict, SERVER_MSG.duplicatePurchase);
    await t.insert(tips).values({ ...row, wealthTotal: price, txId: paid.txId });
    await addFanValue(t, memberId, novelId, { coins: paid.fromCoins });
    return price;
  });
  await invalidateNow(tipsTag(novelId), fansTag(novelId));
  const [balance, fan] = await Promise.all([getBalances(memberId, now), getFanStanding(memberId, novelId)]);
  return { gift_wealth: total, gift_amount: input.amount, welth: balance.welth, welth_coupon: balance.welth_coupon, fan };
}
