import 'server-only';
import type { Tx } from '../../db/client';
import { ads, competitions, configFlags, coupons, gifts, missions, prizes, products, promotions } from '../../db/schema';
import type { CatalogPlan } from './catalog-plan';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';
import { publishAdFiles } from '../../ads/files';

const DAY = 86_400_000;

/**
 * Products, gifts, activities, ads and config flags: what the shop and the activity pages sell and give. Without
 * `demo` (a deployment's first start, docs/deploy.md "First start") the shop, gifts, prizes, missions, coupons and
 * flags are written, but not the demo's promotion, competition and ads, which staff set up in the console.
 */
export async function seedCommerce(db: Tx, plan: CatalogPlan, now: Date, demo = true): Promise<void> {
  const recharge = [
    // name, price (cents), coins, bonus coins, bonus vouchers, daily quota
    ['600书币', 600, 600, 0, 0, null],
    ['3000书币', 3000, 3000, 300, 0, null],
    ['5000书币', 5000, 5000, 800, 200, null],
    ['9800书币', 9800, 9800, 2000, 500, null],
    ['19800书币', 19800, 19800, 5000, 1000, null],
    ['限量特惠 1000书币', 100, 1000, 0, 500, 100],
  ] as const;
  const rows: Array<typeof products.$inferInsert> = recharge.map(
    ([name, price, welth, rewardWelth, rewardWelthCoupon, dailyQuota], sort) => ({
      productType: 'recharge',
      name,
      price,
      welth,
      rewardWelth,
      rewardWelthCoupon,
      dailyQuota,
      sort,
      extraRewardCoupon: price >= 5000 ? 300 : 0,
      extraRewardCouponValidDays: 7,
    }),
  );
  rows.push(
    { productType: 'vip', name: '包年VIP', price: 29800, validDays: 365, extraDramaDays: 30, sort: 10 },
    { productType: 'vip', name: '半年VIP', price: 15800, validDays: 183, extraDramaDays: 15, sort: 11 },
    { productType: 'vip', name: '包月VIP', price: 3000, validDays: 30, extraDramaDays: 3, sort: 12 },
    { productType: 'ad_removal', name: '永久去广告', price: 990, sort: 20 },
    { productType: 'short_drama', name: '短剧VIP月卡', price: 1990, validDays: 30, sort: 30 },
  );
  for (const novel of plan.novels.filter((n) => n.saleMode === 'whole_book')) {
    rows.push({
      productType: 'whole_book',
      name: `《${novel.title}》全本`,
      price: 0,
      welth: novel.wholeBookPrice ?? 0,
      novelId: novel.id,
      sort: 40,
    });
  }
  const inserted = await db.insert(products).values(rows).returning({ id: products.id, name: products.name });
  const promotionId = demo ? await seedPromotion(db, inserted, now) : null;

  await db.insert(coupons).values([
    { name: '满30减5', thresholdPrice: 3000, discount: 500, validDays: 7, grantOn: 'signup' },
    // Offered in the coupon mall (docs/activity-wheel.md "Coupon mall"), one per member while stock lasts.
    { name: '满50减10', thresholdPrice: 5000, discount: 1000, validDays: 7, mallStock: 500, sort: 1 },
    { name: '满98减20', thresholdPrice: 9800, discount: 2000, validDays: 3, mallStock: 200, sort: 2 },
  ]);

  const giftDefs = [
    ['小红花', 0, true],
    ['咖啡', 10, false],
    ['奶茶', 50, false],
    ['蛋糕', 100, false],
    ['跑车', 1000, false],
    ['城堡', 5000, false],
  ] as const;
  // One grid per language (docs/gifts-votes.md "Gifts and tips": a gift is sent only to novels of its language);
  // Chinese first, so its gifts keep ids 1–6.
  for (const languageType of [1, 0, 2])
    await db
      .insert(gifts)
      .values(
        giftDefs.map(([title, wealth, isFree], sort) => ({ title, wealth, isFree, sort, languageType, thumb: `/gifts/${sort + 1}.svg` })),
      );

  // The wheel (docs/activity-wheel.md "Prize wheel"): cost is what one draw of the prize is worth in coins, against the
  // daily budget; 谢谢参与 is the slot a draw falls back to when a prize is out of stock or over budget.
  await db.insert(prizes).values([
    { name: '10书券', rewardType: 'welth_coupon', reward: 10, weight: 400, cost: 10, sort: 1 },
    { name: '50书券', rewardType: 'welth_coupon', reward: 50, weight: 250, cost: 50, sort: 2 },
    { name: '100书币', rewardType: 'welth', reward: 100, weight: 80, cost: 100, dailyStock: 200, sort: 3 },
    { name: '1天VIP', rewardType: 'vip_days', reward: 1, weight: 200, cost: 100, sort: 4 },
    { name: '7天VIP', rewardType: 'vip_days', reward: 7, weight: 60, cost: 700, dailyStock: 50, sort: 5 },
    { name: '365天VIP', rewardType: 'vip_days', reward: 365, weight: 1, cost: 29_800, dailyStock: 1, sort: 6 },
    { name: '谢谢参与', rewardType: 'none', reward: 0, weight: 300, fallback: true, sort: 7 },
  ]);

  // Missions (docs/activity.md "Missions"): `action` is what the server counts, `actionId` the mission's own code.
  await db.insert(missions).values([
    {
      actionId: 'read_1min',
      action: 'read_minutes',
      name: '今日阅读1分钟',
      period: 'day',
      target: 1,
      rewardType: 'welth_coupon',
      rewardAmount: 5,
      sort: 0,
    },
    {
      actionId: 'read_10min',
      action: 'read_minutes',
      name: '阅读10分钟',
      period: 'day',
      target: 10,
      rewardType: 'welth_coupon',
      rewardAmount: 20,
      sort: 1,
    },
    {
      actionId: 'listen_15min',
      action: 'listen_minutes',
      name: '听书15分钟',
      period: 'day',
      target: 15,
      rewardType: 'welth_coupon',
      rewardAmount: 20,
      sort: 2,
    },
    { actionId: 'share', action: 'share', name: '分享一本书', period: 'day', rewardType: 'welth_coupon', rewardAmount: 10, sort: 3 },
    { actionId: 'comment', action: 'comment', name: '发表一条评论', period: 'day', rewardType: 'welth_coupon', rewardAmount: 10, sort: 4 },
    { actionId: 'add_shelf', action: 'shelf_add', name: '加入书架', period: 'day', rewardType: 'welth_coupon', rewardAmount: 5, sort: 5 },
    {
      actionId: 'buy_chapter',
      action: 'buy_chapter',
      name: '订阅一个章节',
      period: 'day',
      rewardType: 'lottery',
      rewardAmount: 1,
      sort: 6,
    },
    {
      actionId: 'read_7days',
      action: 'read_days',
      name: '本周阅读7天',
      period: 'week',
      target: 7,
      rewardType: 'welth_coupon',
      rewardAmount: 200,
      sort: 7,
    },
    {
      actionId: 'listen_120min',
      action: 'listen_minutes',
      name: '本周听书120分钟',
      period: 'week',
      target: 120,
      rewardType: 'ticket',
      rewardAmount: 1,
      sort: 8,
    },
    {
      actionId: 'vote_week',
      action: 'vote',
      name: '本周投出一张月票',
      period: 'week',
      rewardType: 'welth_coupon',
      rewardAmount: 30,
      sort: 9,
    },
    { actionId: 'tip_week', action: 'tip', name: '本周打赏一次', period: 'week', rewardType: 'lottery', rewardAmount: 1, sort: 10 },
    {
      actionId: 'checkin_week',
      action: 'checkin',
      name: '本周签到5天',
      period: 'week',
      target: 5,
      rewardType: 'vip_days',
      rewardAmount: 1,
      sort: 11,
    },
  ]);

  if (demo) await seedDemoEvents(db, now);

  const flags: Record<string, unknown> = {
    ...(promotionId ? { promotion_popup: promotionId } : {}),
    is_ad_enabled: demo,
    self_owned: false,
    popup_recharge_enabled: true,
    has_miniapp_ad_guide: false,
    tts: { enabled: true, voices: { 0: 'ug', 1: 'cmn' }, default_rate: 1 },
    tbs_ad_custom_text: { id: 1, text: '充值9.9元，永久去除广告' },
    lazy_auth: false,
    blocked_urls: [],
    ios_recharge_disabled: false,
    hide_recharge_nav: false,
    wxshare: 1,
    minor_caps: DEFAULT_FLAGS.minor_caps,
    paid_teaser: true,
  };
  await db.insert(configFlags).values(Object.entries(flags).map(([key, value]) => ({ key, value })));
  // The static ad files and the ads_static flag naming them (docs/ads.md "Static files").
  if (demo) await publishAdFiles(db, now);
}

/** The demo's recharge promotion (the popup on home), on its 5000书币 pack; the flag that points the popup at it. */
async function seedPromotion(
  db: Tx,
  inserted: Array<{ id: number; name: string }>,
  now: Date,
): Promise<{ product_id: number; promotion_id: number }> {
  const promoProduct = inserted.find((p) => p.name === '5000书币')!;
  const [promotion] = await db
    .insert(promotions)
    .values({
      productId: promoProduct.id,
      title: '限时充值礼包',
      popupBgImage: '/promo/popup-bg.svg',
      popupButtonImage: '/promo/popup-button.svg',
      line1TextColor: '#7a1f00',
      line2TextColor: '#b23c00',
      line3TextColor: '#ffffff',
      validDaysTextColor: '#ffe8a3',
      startsAt: now,
      endsAt: new Date(now.getTime() + 30 * DAY),
    })
    .returning({ id: promotions.id });
  return { product_id: promoProduct.id, promotion_id: promotion!.id };
}

/** The demo's competition and its ads: events and campaigns a deployment's staff run themselves. */
async function seedDemoEvents(db: Tx, now: Date): Promise<void> {
  // Runs from before now well into the coming months, for novels of every language (docs/gifts-votes.md "Competitions").
  await db.insert(competitions).values({
    name: '年度人气作品评选',
    description: '用月票为喜爱的作品投票：每月消费书币得月票，VIP会员每月另得月票，当月有效。',
    startsAt: new Date(now.getTime() - 10 * DAY),
    endsAt: new Date(now.getTime() + 365 * DAY),
    languageType: null,
  });

  // docs/ads.md "Ads and placements": one ad per placement, destinations on this site; the modal's ad only for
  // members tagged bonus_hunter (none of the e2e members are).
  await db.insert(ads).values([
    {
      placement: 'home_carousel',
      title: '开通VIP 全站免费读',
      body: '连载好书畅读不限量',
      image: '/promo/ad-vip.svg',
      link: '/m/vip',
      weight: 3,
    },
    {
      placement: 'home_carousel',
      title: '新用户充值礼包',
      body: '首充享书币加赠',
      image: '/promo/ad-recharge.svg',
      link: '/recharge/start',
      weight: 2,
      audience: 'unpaid',
    },
    {
      placement: 'chapter_end',
      title: '开通VIP 全站免费读',
      body: '章节免费读，听书不限时',
      image: '/promo/ad-vip.svg',
      link: '/m/vip',
      weight: 2,
    },
    {
      placement: 'listen',
      title: '充值书币 畅听全本',
      body: '听书章节一键解锁',
      image: '/promo/ad-recharge.svg',
      link: '/recharge/start',
      weight: 1,
    },
    {
      placement: 'custom_modal',
      title: '永久去除广告',
      body: '一次购买，永久阅读无广告',
      image: '/promo/ad-vip.svg',
      link: '/m/vip',
      bonusHunterOnly: true,
      dailyCap: 1,
    },
  ]);
}
