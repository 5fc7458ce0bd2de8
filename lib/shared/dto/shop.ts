import type { CouponRecord } from './wallet-records';

/** What the shop's calls hand the client (issue 5): the one definition the server's services return too. */
export interface ProductQuota {
  daily: number;
  left: number;
  sold_out: boolean;
  /** ISO time of the next refill (21:00 Asia/Shanghai). */
  refill_at: string;
}

/** GET /v1/products and /v1/products/{id}. */
export interface ProductDto {
  id: number;
  product_type: string;
  name: string;
  /** Cents. */
  price: number;
  welth: number;
  reward_welth: number;
  reward_welth_coupon: number;
  extra_reward_coupon: number;
  extra_reward_coupon_valid_days: number;
  valid_days: number;
  extra_drama_days: number;
  /** VIP plans: cents per day, rounded up. */
  daily_price: number | null;
  daily_quota: number | null;
  novel_id: number | null;
  /** Limited-quota packs: today's slots; null when unlimited. */
  quota: ProductQuota | null;
  /** The server's wording for a sold-out pack. */
  sold_out_text: string | null;
}

/** The part of a product the recharge packs show (fixtures and older answers may leave the rest out). */
export type ShopProduct = Pick<
  ProductDto,
  | 'id'
  | 'product_type'
  | 'name'
  | 'price'
  | 'welth'
  | 'reward_welth'
  | 'reward_welth_coupon'
  | 'extra_reward_coupon'
  | 'extra_reward_coupon_valid_days'
  | 'valid_days'
> &
  Partial<Pick<ProductDto, 'quota' | 'sold_out_text'>>;

/** GET /v1/my/coupons?status=usable → {data: MemberCoupon[], hasmore}: what the coupon picker needs of a CouponRecord. */
export type MemberCoupon = Pick<CouponRecord, 'id' | 'coupon_id' | 'name' | 'threshold_price' | 'discount' | 'expires_at'> & {
  status: string;
};

export interface PromotionPopupStyle {
  popup_bg_image: string | null;
  popup_button_image: string | null;
  line1_text_color: string | null;
  line2_text_color: string | null;
  line3_text_color: string | null;
  valid_days_text_color: string | null;
  promotion_id: number;
}

/** GET /v1/promotions */
export interface Promotion {
  id: number;
  title: string;
  product: ShopProduct;
  promotion_popup: PromotionPopupStyle | null;
  starts_at?: string | null;
  ends_at: string | null;
}

/** GET /v1/mp/qrcode */
export interface FollowQrcode {
  url: string;
  logo: string;
  content: string;
}
