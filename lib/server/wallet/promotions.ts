import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products, promotionEvents, promotions, richMsgClicks } from '../db/schema';
import { notFound } from '../core/errors';
import { quotaStates } from './quota';
import type { Promotion } from '@/lib/shared/dto/shop';
import { toProductDto } from './products';

/** GET /v1/promotions: promotions running now, each with its product and the popup's look. */
export async function listActivePromotions(now = new Date()): Promise<Promotion[]> {
  const rows = await getDb()
    .select({ pr: promotions, p: products })
    .from(promotions)
    .innerJoin(products, eq(products.id, promotions.productId))
    .where(
      and(
        eq(promotions.active, true),
        eq(products.active, true),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.id));
  const quotas = await quotaStates(
    rows.map((r) => r.p),
    now,
  );
  return rows.map(({ pr, p }) => ({
    id: pr.id,
    title: pr.title,
    product: toProductDto(p, quotas.get(p.id) ?? null),
    promotion_popup: {
      promotion_id: pr.id,
      popup_bg_image: pr.popupBgImage,
      popup_button_image: pr.popupButtonImage,
      line1_text_color: pr.line1TextColor,
      line2_text_color: pr.line2TextColor,
      line3_text_color: pr.line3TextColor,
      valid_days_text_color: pr.validDaysTextColor,
    },
    starts_at: pr.startsAt?.toISOString() ?? null,
    ends_at: pr.endsAt?.toISOString() ?? null,
  }));
}

/** Popup tracking (docs/wallet.md "Products and VIP"): act_name 1 opened, 2 button tapped, 3 closed; anonymous readers count too. */
export async function trackPromotion(promotionId: number, actName: 1 | 2 | 3, memberId: number | null): Promise<{ ok: true }> {
  const [promo] = await getDb().select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
  if (!promo) throw notFound(SERVER_MSG.promotionNotFound);
  await getDb().insert(promotionEvents).values({ promotionId, actName, memberId });
  return { ok: true };
}

/** POST /v1/products/rich_msg_manually_send_click: a click on a staff-sent rich message, kept as sent. */
export async function recordRichMsgClick(memberId: number | null, payload: Record<string, unknown>): Promise<{ ok: true }> {
  await getDb().insert(richMsgClicks).values({ memberId, payload });
  return { ok: true };
}
