import { NextRequest } from 'next/server';
import { and, count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import type { signedInMember } from './members';
import { peerHeaders } from './peer';
import { GET as getAds } from '@/app/v1/ads/get_ads/route';
import { POST as click } from '@/app/v1/ads/click/route';
import { GET as mediads } from '@/app/v1/mediads/route';
import { POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { POST as approve } from '@/app/(flows)/pay/sandbox/[orderId]/approve/route';
import { adDailyStats, adImpressions, ads, orders, products } from '@/lib/server/db/schema';
import type { Db, Tx } from '@/lib/server/db/client';
import { grantReward } from '@/lib/server/wallet/activity-rewards';
import { BONUS_HUNTER } from '@/lib/shared/activity';
import { loadFlags, setFlag } from '@/lib/server/config/flags';
import type { AdClickDto, AdListDto } from '@/lib/shared/dto/ads';

export type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The ad switches as staff leave them by default, read before the file's tests and put back after each. */
export function useAdSwitches(): void {
  beforeAll(async () => {
    await loadFlags();
  });
  afterEach(async () => {
    await setFlag('is_ad_enabled', true);
    await setFlag('self_owned', false);
  });
}

/** The calls and fixtures of the ad tests (docs/ads.md), on the test file's database. */
export function adsHelpers(d: () => Db) {
  // Each call comes from an address of its own unless the test names one: ad answers are limited per address.
  let peerSeq = 0;
  const anyPeer = () => peerHeaders(`192.0.2.${(++peerSeq % 250) + 1}`);
  const ads$ = (query: string, headers: Record<string, string> = {}) =>
    callRoute<AdListDto>(getAds, { url: `/v1/ads/get_ads?${query}`, headers: { ...anyPeer(), ...headers } });
  const media$ = (query: string, headers: Record<string, string> = {}) =>
    callRoute<AdListDto>(mediads, { url: `/v1/mediads?${query}`, headers: { ...anyPeer(), ...headers } });
  const carousel = (headers: Record<string, string> = {}, extra = '') => ads$(`business_type=1&placement=home_carousel${extra}`, headers);
  // A click comes from an address of its own too, unless the test names one: counted clicks are limited per address.
  const clickWith = (token: unknown, headers: Record<string, string> = {}) =>
    callRoute<AdClickDto>(click, { method: 'POST', url: '/v1/ads/click', body: { token }, headers: { ...anyPeer(), ...headers } });
  const impressionCount = async () => (await d().select({ n: count() }).from(adImpressions))[0]!.n;
  const statsOf = async (adId: number) => (await d().select().from(adDailyStats).where(eq(adDailyStats.adId, adId)))[0];
  let visitorSeq = 0;
  const visitor = () => ({ cookie: `zaid=visitor${String(++visitorSeq).padStart(6, '0')}` });

  async function makeAd(values: Partial<typeof ads.$inferInsert>) {
    const [row] = await d()
      .insert(ads)
      .values({ placement: 'chapter_end', title: 'T', image: '/promo/ad-vip.svg', link: '/m/vip', ...values })
      .returning();
    return row!;
  }

  let rewardKey = 0;
  async function makeBonusHunter(m: Member) {
    for (let i = 0; i < BONUS_HUNTER.rewards; i++) {
      await d().transaction((tx) =>
        grantReward(tx as unknown as Tx, m.id, { type: 'welth_coupon', amount: 1 }, { kind: 'mission', key: `ads${rewardKey++}` }),
      );
    }
  }

  const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };
  /** Buys a product the way a reader does: the order form's post, then the sandbox provider's approve page. */
  async function buy(m: Member, productType: string, name: string | null, scene?: number) {
    const [p] = await d()
      .select()
      .from(products)
      .where(name ? and(eq(products.productType, productType), eq(products.name, name)) : eq(products.productType, productType));
    const fields: Record<string, string> = { pid: String(p!.id), return: '/m/my', cancel: '/m/vip' };
    if (scene !== undefined) fields.scene = String(scene);
    const created = await createOrderRoute(
      new NextRequest('http://localhost/orders/create', {
        method: 'POST',
        headers: { ...m.auth, ...FORM },
        body: new URLSearchParams(fields).toString(),
      }),
      { params: Promise.resolve({}) },
    );
    expect(created.status).toBe(303);
    const orderId = /\/pay\/sandbox\/(\d+)/.exec(created.headers.get('location') ?? '')![1]!;
    const paid = await approve(
      new NextRequest(`http://localhost/pay/sandbox/${orderId}/approve`, {
        method: 'POST',
        headers: { ...m.auth, ...FORM, origin: 'http://localhost' },
      }),
      { params: Promise.resolve({ orderId }) },
    );
    expect(paid.status).toBe(303);
    return (
      await d()
        .select()
        .from(orders)
        .where(eq(orders.id, Number(orderId)))
    )[0]!;
  }

  return { anyPeer, ads$, media$, carousel, clickWith, impressionCount, statsOf, visitor, makeAd, makeBonusHunter, buy };
}
