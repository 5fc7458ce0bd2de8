import './zod-locale';
import { z } from 'zod';
import { adImage } from '../ad-destination';
import { parseBusinessTime } from '../business-time';
import { SELLING_TEXT } from '../selling-text';

const E = SELLING_TEXT.err;
const F = SELLING_TEXT.f;

/**
 * The selling console's forms (docs/selling.md "Rules"). The route reads them loosely (`sellingConsoleForm`); each
 * service parses its own strictly here, so a direct call is held to the same rules as a form post.
 */

export const PRICE_MAX_CENTS = 200_000;
export const COIN_MAX = 2_000_000;
/** A recharge gives at most this many coins per cent paid (the limited special: 1000 coins for ¥1). */
export const RECHARGE_COINS_PER_CENT_MAX = 10;
export const DAYS_MAX = 366;
export const VOUCHER_DAYS_MAX = 90;
export const QUOTA_MAX = 100_000;
export const SORT_MAX = 9_999;
export const GIFT_PRICE_MAX = 100_000;
export const SELLABLE_TYPES = ['recharge', 'vip', 'ad_removal', 'short_drama'] as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** Yuan with at most two decimals, to whole cents; 0.01–2000. */
const yuan = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, { error: message })
    .transform((v) => Math.round(Number(v) * 100))
    .refine((c) => c >= 1 && c <= PRICE_MAX_CENTS, { error: message });

/** A whole number in [min, max]; an empty field is `empty` (0, or null where that means "none"). */
function wholeOr<V extends number | null>(label: string, min: number, max: number, empty: V) {
  const message = E.whole(label, min, max);
  return z
    .string({ error: message })
    .optional()
    .transform((v, ctx): number | V => {
      const s = (v ?? '').trim();
      if (s === '') return empty;
      const n = /^\d{1,9}$/.test(s) ? Number(s) : NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}
const whole = (label: string, min: number, max: number) => wholeOr(label, min, max, 0);
const wholeOrNull = (label: string, min: number, max: number) => wholeOr(label, min, max, null);

const image = (required: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').trim();
      if (s === '' && !required) return null;
      const ok = adImage(s);
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: E.image });
        return z.NEVER;
      }
      return ok;
    });

const color = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? '').trim();
    if (s === '') return null;
    if (!/^#[0-9a-fA-F]{6}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: E.color });
      return z.NEVER;
    }
    return s.toLowerCase();
  });

/**
 * 'YYYY-MM-DD HH:mm' (or the browser's 'YYYY-MM-DDTHH:mm') in business time; '' is null. A date that does not exist
 * (02-30) is refused, not rolled over.
 */
export function shanghaiTime(value: string): Date | null | undefined {
  const v = value.trim();
  return v ? parseBusinessTime(v) : null;
}

const time = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const t = shanghaiTime(v ?? '');
    if (t === undefined) {
      ctx.addIssue({ code: 'custom', message: E.time });
      return z.NEVER;
    }
    return t;
  });

const box = z
  .literal('on', { error: E.invalidChoice })
  .optional()
  .transform((v) => v === 'on');

/** A product (docs/selling.md "Products"): only a recharge carries coins and bonus, and those within the rules. */
export const productInput = z
  .object({
    product_type: z.enum(SELLABLE_TYPES, { error: E.invalidChoice }),
    name: text(64, E.name),
    price: yuan(E.price),
    welth: whole(F.welth, 0, COIN_MAX),
    reward_welth: whole(F.rewardWelth, 0, COIN_MAX),
    reward_welth_coupon: whole(F.rewardWelthCoupon, 0, COIN_MAX),
    extra_reward_coupon: whole(F.extraRewardCoupon, 0, COIN_MAX),
    extra_reward_coupon_valid_days: wholeOrNull(F.extraRewardCouponValidDays, 1, VOUCHER_DAYS_MAX),
    valid_days: whole(F.validDays, 0, DAYS_MAX),
    extra_drama_days: whole(F.extraDramaDays, 0, DAYS_MAX),
    daily_quota: wholeOrNull(F.dailyQuota, 1, QUOTA_MAX),
    sort: whole(F.sort, 0, SORT_MAX),
    active: box,
  })
  .superRefine((p, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    const bonus = p.reward_welth + p.reward_welth_coupon + p.extra_reward_coupon;
    if (p.product_type === 'recharge') {
      if (p.welth < p.price || p.welth > p.price * RECHARGE_COINS_PER_CENT_MAX) fail(E.rechargeCoins);
      else if (bonus > p.welth) fail(E.rechargeBonus);
      if (p.valid_days || p.extra_drama_days) fail(E.noDays);
      return;
    }
    if (p.welth || bonus) fail(E.notRecharge);
    if (p.product_type === 'ad_removal' && (p.valid_days || p.extra_drama_days)) fail(E.noDays);
    if ((p.product_type === 'vip' || p.product_type === 'short_drama') && p.valid_days < 1) fail(E.daysNeeded);
    if (p.product_type === 'short_drama' && p.extra_drama_days) fail(E.noDays);
    if (p.extra_drama_days > p.valid_days) fail(E.vipDrama);
  });
export type ProductInput = z.output<typeof productInput>;

/** A promotion and its popup's look (docs/selling.md "Promotions"). */
export const promotionInput = z
  .object({
    product_id: z.coerce
      .number({ error: E.promoProduct })
      .int({ error: E.promoProduct })
      .positive({ error: E.promoProduct })
      .max(2_147_483_647),
    title: text(64, E.name),
    popup_bg_image: image(false),
    popup_button_image: image(false),
    line1_text_color: color,
    line2_text_color: color,
    line3_text_color: color,
    valid_days_text_color: color,
    starts_at: time,
    ends_at: time,
    active: box,
  })
  .refine((p) => !p.starts_at || !p.ends_at || p.ends_at > p.starts_at, { error: E.window });
export type PromotionInput = z.output<typeof promotionInput>;

/** A coupon template (docs/selling.md "Coupons"): the discount at most half its threshold. */
export const couponInput = z
  .object({
    name: text(64, E.name),
    threshold_price: yuan(E.threshold),
    discount: yuan(E.discount),
    valid_days: whole(F.couponValidDays, 1, VOUCHER_DAYS_MAX),
    grant_on: z.enum(['manual', 'signup'], { error: E.invalidChoice }),
    sort: whole(F.sort, 0, SORT_MAX),
    active: box,
  })
  .refine((c) => c.discount * 2 <= c.threshold_price, { error: E.discount });
export type CouponInput = z.output<typeof couponInput>;

/** A tip gift (docs/selling.md "Gifts"): the free one costs nothing, every other at least a coin. */
export const giftInput = z
  .object({
    title: text(32, E.giftTitle),
    thumb: image(true),
    wealth: whole(F.wealth, 0, GIFT_PRICE_MAX),
    is_free: box,
    language_type: z.enum(['0', '1', '2'], { error: E.invalidChoice }).transform(Number),
    sort: whole(F.sort, 0, SORT_MAX),
    active: box,
  })
  .refine((g) => (g.is_free ? g.wealth === 0 : g.wealth >= 1), { error: E.freeGift });
export type GiftInput = z.output<typeof giftInput>;

const consoleId = z.coerce.number({ error: E.notFound }).int({ error: E.notFound }).positive({ error: E.notFound }).max(2_147_483_647);

/**
 * POST /admin/actions/selling/{products,promotions,coupons,gifts}: the op, the row and the way back; the fields
 * stay strings for the service to parse with the schemas above.
 */
export const sellingConsoleForm = z
  .object({
    op: z.enum(['create', 'update', 'toggle', 'popup'], { error: E.invalidChoice }),
    id: consoleId.optional(),
    back: z.string().max(300).optional(),
  })
  .catchall(z.string().max(600, { error: E.invalidChoice }));
export type SellingConsoleForm = z.output<typeof sellingConsoleForm>;
