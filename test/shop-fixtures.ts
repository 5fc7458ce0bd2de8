import type { MemberCoupon, Promotion, ShopProduct } from '@/lib/shared/dto/shop';

const base = { product_type: 'recharge', extra_reward_coupon: 0, extra_reward_coupon_valid_days: 7, valid_days: 0, quota: null };

export const PRODUCTS: ShopProduct[] = [
  { ...base, id: 1, name: '600书币', price: 600, welth: 600, reward_welth: 0, reward_welth_coupon: 0 },
  { ...base, id: 2, name: '3000书币', price: 3000, welth: 3000, reward_welth: 300, reward_welth_coupon: 0 },
  { ...base, id: 3, name: '5000书币', price: 5000, welth: 5000, reward_welth: 800, reward_welth_coupon: 200, extra_reward_coupon: 300 },
  {
    ...base,
    id: 6,
    name: '首充特惠 1000书币',
    price: 100,
    welth: 1000,
    reward_welth: 0,
    reward_welth_coupon: 500,
    quota: { daily: 100, left: 7, sold_out: false, refill_at: '2030-01-01T13:00:00.000Z' },
  },
  {
    ...base,
    id: 7,
    name: '限量 2000书币',
    price: 200,
    welth: 2000,
    reward_welth: 0,
    reward_welth_coupon: 0,
    quota: { daily: 10, left: 0, sold_out: true, refill_at: '2030-01-01T13:00:00.000Z' },
  },
];

export const COUPONS: MemberCoupon[] = [
  { id: 41, coupon_id: 1, name: '满30减5', threshold_price: 3000, discount: 500, expires_at: '2030-01-08T00:00:00.000Z', status: 'usable' },
  {
    id: 42,
    coupon_id: 2,
    name: '满50减10',
    threshold_price: 5000,
    discount: 1000,
    expires_at: '2030-01-08T00:00:00.000Z',
    status: 'usable',
  },
];

export const PROMOTION: Promotion = {
  id: 1,
  title: '限时充值礼包',
  product: PRODUCTS[2]!,
  promotion_popup: {
    popup_bg_image: '/promo/popup-bg.svg',
    popup_button_image: '/promo/popup-button.svg',
    line1_text_color: '#7a1f00',
    line2_text_color: '#b23c00',
    line3_text_color: '#ffffff',
    valid_days_text_color: '#ffe8a3',
    promotion_id: 1,
  },
  ends_at: '2030-02-01T00:00:00.000Z',
};
