/**
 * What the shop's calls hand the client (contracts of issue 5). The server's ProductDto
 * (lib/server/wallet/products.ts) has the same shape; this copy keeps client code clear of lib/server.
 */
export interface ProductQuota {
  daily: number;
  left: number;
  sold_out: boolean;
  /** ISO time of the next refill (21:00 Asia/Shanghai). */
  refill_at: string;
}

export interface ShopProduct {
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
  /** Limited-quota packs only. */
  quota?: ProductQuota | null;
  /** The server's wording for a sold-out pack. */
  sold_out_text?: string | null;
}

/** GET /v1/my/coupons?status=usable → {data: MemberCoupon[], hasmore} */
export interface MemberCoupon {
  id: number;
  coupon_id: number;
  name: string;
  /** Cents: the pack's price must be at least this. */
  threshold_price: number;
  /** Cents off the price. */
  discount: number;
  expires_at: string;
  status: string;
}

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
