/** Shapes of the member's wallet records (GET /v1/my/consumes, /v1/my/voucher_lots, /v1/my/orders), shared by pages and their client islands. */

export interface Paged<T> {
  data: T[];
  hasmore: boolean;
}

export interface ConsumeRecord {
  /** The ledger movement's id. */
  id: number;
  kind: string;
  title: string;
  novel_id: number | null;
  chapter_id: number | null;
  /** Coins spent (positive). */
  welth: number;
  /** Vouchers spent or expired (positive). */
  welth_coupon: number;
  /** YYYY-MM-DD HH:mm, Asia/Shanghai. */
  created_at: string;
}

export const VOUCHER_LOT_STATUSES = ['active', 'expired', 'used'] as const;
export type VoucherLotStatus = (typeof VOUCHER_LOT_STATUSES)[number];

export interface VoucherLotRecord {
  id: number;
  /** Where the lot came from (充值赠送, 签到奖励…). */
  title: string;
  amount: number;
  remaining: number;
  /** ISO time. */
  expires_at: string;
  /** ISO time. */
  created_at: string;
  status: VoucherLotStatus;
}

/** The part of an order record (docs/wallet-orders.md) the recharge-records page shows. */
export interface OrderRecord {
  id: number;
  price: number;
  product: { id: number; name: string; product_type: string; valid_days: number };
  welth: number;
  reward_welth: number;
  reward_welth_coupon: number;
  /** Cents a coupon took off (price is what was paid). */
  discount?: number;
  /** Seconds, as clients expect. */
  paid_at: number | null;
}

/** A VIP plan as the VIP page shows it (a subset of the product DTO of GET /v1/products?product_type=vip). */
export interface VipPlan {
  id: number;
  name: string;
  /** Cents. */
  price: number;
  /** Cents per day, rounded up. */
  daily_price: number | null;
  valid_days: number;
  extra_drama_days: number;
}

/** The member's VIP, short-drama VIP and ad removal (the state part of GET /v1/products/get_month_vip_info). */
export interface VipState {
  is_paid: boolean;
  vip_expires_at: string | null;
  short_drama_expires_at: string | null;
  ad_free: boolean;
}

export const COUPON_STATUSES = ['usable', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** A member's recharge coupon (GET /v1/my/coupons). */
export interface CouponRecord {
  id: number;
  coupon_id: number;
  name: string;
  /** Cents: usable on a recharge of at least this much ("满X元可用"). */
  threshold_price: number;
  /** Cents off that recharge. */
  discount: number;
  /** ISO time. */
  expires_at: string;
  status: CouponStatus;
  used_order_id: number | null;
}
