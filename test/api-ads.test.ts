import { NextRequest } from 'next/server';
import { and, count, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { peerHeaders } from './peer';
import { freezeDateAt } from './frozen-date';
import { GET as getAds } from '@/app/v1/ads/get_ads/route';
import { POST as click } from '@/app/v1/ads/click/route';
import { GET as interact } from '@/app/v1/ads/interact_ad_info/route';
import { GET as mediads } from '@/app/v1/mediads/route';
import { GET as adFile } from '@/app/v1/ads/static/[name]/route';
import { GET as spaConfig } from '@/app/v1/spa/config/route';
import { POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { POST as approve } from '@/app/(flows)/pay/sandbox/[orderId]/approve/route';
import { adDailyStats, adImpressions, ads, orders, products } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { loadFlags, setFlag } from '@/lib/server/config/flags';
import { publishAdFiles } from '@/lib/server/ads/files';
import { grantReward } from '@/lib/server/wallet/activity-rewards';
import { BONUS_HUNTER } from '@/lib/shared/activity';
import { turnOnMinorsMode } from '@/lib/server/minors/mode';
import type { AdClickDto, AdListDto, InteractAdInfoDto } from '@/lib/shared/dto/ads';
import type { AdFile } from '@/lib/shared/ads';

// Our own ads (docs/ads.md): the calls, targeting, caps, clicks once per impression, static files, and no ad ever
// sent to an ad-free member (VIP, or the 9.9 removal bought through the real sandbox order flow).
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
type Member = Awaited<ReturnType<typeof signedInMember>>;

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

beforeAll(async () => {
  await loadFlags();
});
afterEach(async () => {
  await setFlag('is_ad_enabled', true);
  await setFlag('self_owned', false);
});

describe('GET /v1/ads/get_ads', () => {
  it('serves a visitor the home carousel with one impression token per ad and counts each impression', async () => {
    const res = await carousel(visitor());
    expect(res.status).toBe(200);
    expect(res.body.data!.ad_free).toBe(false);
    const list = res.body.data!.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.placement === 'home_carousel' && /^[A-Za-z0-9_-]{24}$/.test(a.token))).toBe(true);
    expect(new Set(list.map((a) => a.token)).size).toBe(list.length);
    expect(list[0]).not.toHaveProperty('link');
    expect((await statsOf(list[0]!.id))!.impressions).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves a member in 青少年模式 no ads at all, as ad-free; the same member outside it gets them', async () => {
    const m = await signedInMember();
    expect((await carousel(m.auth)).body.data!.list.length).toBeGreaterThan(0);
    await turnOnMinorsMode(m.id, '2580');
    const inMode = await carousel(m.auth);
    expect(inMode.status).toBe(200);
    expect(inMode.body.data).toEqual({ ad_free: true, list: [] });
  });

  it.each([
    ['placement=home_carousel', 'business_type 只能是 1'],
    ['business_type=2&placement=home_carousel', 'business_type 只能是 1'],
    ['business_type=1', '广告位不正确'],
    ['business_type=1&placement=popup', '广告位不正确'],
    ['business_type=1&placement=home_carousel&channel=3', '频道只能是 1 或 2'],
    ['business_type=1&placement=home_carousel&language_type=7', '语言类型只能是 0、1 或 2'],
  ])('refuses %s with 40000 in Chinese and writes nothing', async (query, message) => {
    const before = await impressionCount();
    const res = await ads$(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.message).toContain(message);
    expect(await impressionCount()).toBe(before);
  });

  it('targets language, channel, schedule and brand', async () => {
    const now = Date.now();
    const ug = await makeAd({ title: 'ug', languageType: 0 });
    const girls = await makeAd({ title: 'girls', channel: 2, placement: 'listen' });
    const later = await makeAd({ title: 'later', placement: 'listen', startsAt: new Date(now + 3_600_000) });
    const over = await makeAd({ title: 'over', placement: 'listen', endsAt: new Date(now - 1000) });
    const alt = await makeAd({ title: 'alt', placement: 'listen', brand: 'alt' });
    const ids = async (q: string, headers: Record<string, string> = visitor()) => (await ads$(q, headers)).body.data!.list.map((a) => a.id);
    // chapter_end serves one ad at a time: ask until both candidates were seen, or not.
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) (await ids('business_type=1&placement=chapter_end&language_type=1')).forEach((id) => seen.add(id));
    expect(seen.has(ug.id)).toBe(false);
    expect((await ids('business_type=1&placement=chapter_end&language_type=0')).length).toBe(1);
    const listen = new Set<number>();
    for (let i = 0; i < 40; i++) (await ids('business_type=1&placement=listen&channel=1')).forEach((id) => listen.add(id));
    expect(listen.has(girls.id)).toBe(false);
    expect(listen.has(later.id)).toBe(false);
    expect(listen.has(over.id)).toBe(false);
    expect(listen.has(alt.id)).toBe(false);
    await setFlag('alt_brand_host', 'read.alt.example');
    const altSeen = new Set<number>();
    for (let i = 0; i < 40; i++)
      (await ids('business_type=1&placement=listen&channel=1', { ...visitor(), host: 'read.alt.example' })).forEach((id) =>
        altSeen.add(id),
      );
    expect(altSeen.has(alt.id)).toBe(true);
    await setFlag('alt_brand_host', '');
    await d()
      .update(ads)
      .set({ active: false })
      .where(sql`${ads.id} in (${ug.id}, ${girls.id}, ${later.id}, ${over.id}, ${alt.id})`);
  });

  it('targets paid and unpaid members, and bonus_hunter members only where asked', async () => {
    const payerAd = await makeAd({ title: 'payers', placement: 'listen', audience: 'paid' });
    const hunterAd = await makeAd({ title: 'hunters', placement: 'listen', bonusHunterOnly: true });
    await d()
      .update(ads)
      .set({ active: false })
      .where(and(eq(ads.placement, 'listen'), sql`${ads.id} not in (${payerAd.id}, ${hunterAd.id})`));
    const fresh = await signedInMember();
    expect((await ads$('business_type=1&placement=listen', fresh.auth)).body.data!.list).toEqual([]);
    const hunter = await signedInMember();
    await makeBonusHunter(hunter);
    expect((await ads$('business_type=1&placement=listen', hunter.auth)).body.data!.list.map((a) => a.id)).toEqual([hunterAd.id]);
    const payer = await signedInMember();
    await buy(payer, 'recharge', '600书币');
    expect((await ads$('business_type=1&placement=listen', payer.auth)).body.data!.list.map((a) => a.id)).toEqual([payerAd.id]);
    // The seed's 新用户充值礼包 is for members who never paid: the payer no longer gets it.
    const payerCarousel = (await carousel(payer.auth)).body.data!.list.map((a) => a.title);
    expect(payerCarousel).not.toContain('新用户充值礼包');
    expect((await carousel(fresh.auth)).body.data!.list.map((a) => a.title)).toContain('新用户充值礼包');
    await d().update(ads).set({ active: true }).where(eq(ads.placement, 'listen'));
    await d()
      .update(ads)
      .set({ active: false })
      .where(sql`${ads.id} in (${payerAd.id}, ${hunterAd.id})`);
  });

  it('keeps each viewer within an ad’s daily cap, also when the calls race', async () => {
    const capped = await makeAd({ title: 'capped', placement: 'chapter_end', dailyCap: 2, languageType: 2, weight: 1000 });
    await d()
      .update(ads)
      .set({ active: false })
      .where(and(eq(ads.placement, 'chapter_end'), sql`${ads.id} <> ${capped.id}`));
    const m = await signedInMember();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => ads$('business_type=1&placement=chapter_end&language_type=2', m.auth)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.flatMap((r) => r.body.data!.list).length).toBe(2);
    // Another member has a cap of their own; a visitor is counted by tracking id.
    const other = await signedInMember();
    expect((await ads$('business_type=1&placement=chapter_end&language_type=2', other.auth)).body.data!.list).toHaveLength(1);
    const v = visitor();
    for (let i = 0; i < 2; i++)
      expect((await ads$('business_type=1&placement=chapter_end&language_type=2', v)).body.data!.list).toHaveLength(1);
    expect((await ads$('business_type=1&placement=chapter_end&language_type=2', v)).body.data!.list).toHaveLength(0);
    await d().update(ads).set({ active: true }).where(eq(ads.placement, 'chapter_end'));
    await d().update(ads).set({ active: false }).where(eq(ads.id, capped.id));
  });

  it('a script rotating tracking cookies from one address gets nothing past the address’s limit, and writes nothing', async () => {
    // X-Forwarded-For is the script's own words: without TRUST_PROXY only the socket address counts.
    const script = (i: number) => ({ ...peerHeaders('198.51.100.77'), 'x-forwarded-for': `203.0.113.${i % 250}`, ...visitor() });
    for (let i = 0; i < 60; i++) expect((await carousel(script(i))).body.data!.list.length).toBeGreaterThan(0);
    const before = await impressionCount();
    const over = await carousel(script(60));
    expect(over.status).toBe(200);
    expect(over.body.data).toEqual({ ad_free: false, list: [] });
    expect((await callRoute<AdListDto>(mediads, { url: '/v1/mediads?placement=listen', headers: script(61) })).body.data!.list).toEqual([]);
    expect(await impressionCount()).toBe(before);
    // Another address is served as before.
    expect((await carousel({ ...peerHeaders('198.51.100.78'), ...visitor() })).body.data!.list.length).toBeGreaterThan(0);
  });

  it('sends nothing while staff switched ads off', async () => {
    await setFlag('is_ad_enabled', false);
    const before = await impressionCount();
    expect((await carousel(visitor())).body.data).toEqual({ ad_free: false, list: [] });
    expect(await impressionCount()).toBe(before);
  });
});

describe('ad-free members get no ad at all', () => {
  it('a 9.9 buyer: bought through /orders/create with its scene, paid in the sandbox, then nothing anywhere', async () => {
    const m = await signedInMember();
    expect((await carousel(m.auth)).body.data!.list.length).toBeGreaterThan(0);
    const order = await buy(m, 'ad_removal', null, 10009);
    expect(order).toMatchObject({ status: 'paid', scene: 10009, price: 990 });
    const before = await impressionCount();
    for (const placement of ['home_carousel', 'chapter_end', 'listen', 'custom_modal']) {
      expect((await ads$(`business_type=1&placement=${placement}`, m.auth)).body.data).toEqual({ ad_free: true, list: [] });
    }
    expect((await media$('placement=listen', m.auth)).body.data).toEqual({
      ad_free: true,
      list: [],
    });
    await makeBonusHunter(m);
    expect((await callRoute<InteractAdInfoDto>(interact, { url: '/v1/ads/interact_ad_info', headers: m.auth })).body.data!.show).toBe(
      false,
    );
    expect(await impressionCount()).toBe(before);
  });

  it('a VIP member (阅读无广告), bought through the same flow', async () => {
    const m = await signedInMember();
    await buy(m, 'vip', '包月VIP');
    const before = await impressionCount();
    expect((await carousel(m.auth)).body.data).toEqual({ ad_free: true, list: [] });
    expect((await ads$('business_type=1&placement=chapter_end', m.auth)).body.data).toEqual({ ad_free: true, list: [] });
    expect(await impressionCount()).toBe(before);
  });

  it('records only the ad scenes 10008–10011 on an order; any other scene is dropped', async () => {
    const m = await signedInMember();
    expect((await buy(m, 'ad_removal', null, 12345)).scene).toBeNull();
    const again = await signedInMember();
    expect((await buy(again, 'ad_removal', null, 10011)).scene).toBe(10011);
  });
});

describe('POST /v1/ads/click', () => {
  const clicksOf = async (adId: number) => (await statsOf(adId))!.clicks;
  const linkOf = async (adId: number) => (await d().select({ link: ads.link }).from(ads).where(eq(ads.id, adId)))[0]!.link;
  const firstAd = async (headers: Record<string, string>) => (await carousel(headers)).body.data!.list[0]!;

  it('one token sent 20 times at once counts once, and every answer is the destination staff entered', async () => {
    const v = visitor();
    const ad = await firstAd(v);
    const before = await clicksOf(ad.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => clickWith(ad.token, v)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.data!.counted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data!.url))).toEqual(new Set([await linkOf(ad.id)]));
    expect(await clicksOf(ad.id)).toBe(before + 1);
    // A replay later still leads to the ad, and still counts nothing.
    expect((await clickWith(ad.token, v)).body.data).toEqual({ url: await linkOf(ad.id), counted: false });
    expect(await clicksOf(ad.id)).toBe(before + 1);
  });

  it('a token is only its viewer’s: another member, another browser or a stranger gets 40400 and counts nothing', async () => {
    const [owner, other] = [await signedInMember(), await signedInMember()];
    const ad = await firstAd(owner.auth);
    const before = await clicksOf(ad.id);
    for (const headers of [other.auth, visitor(), {}]) {
      const res = await clickWith(ad.token, headers);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 40400, message: '广告不存在或已过期' });
    }
    expect(await clicksOf(ad.id)).toBe(before);
    expect(
      (await d().select({ at: adImpressions.clickedAt }).from(adImpressions).where(eq(adImpressions.token, ad.token)))[0]!.at,
    ).toBeNull();
    expect((await clickWith(ad.token, owner.auth)).body.data!.counted).toBe(true);
    expect(await clicksOf(ad.id)).toBe(before + 1);

    // Served to a browser as a visitor: that browser follows it, also once signed in; another browser cannot.
    const v = visitor();
    const seen = await firstAd(v);
    const was = await clicksOf(seen.id);
    expect((await clickWith(seen.token, { ...other.auth, ...visitor() })).status).toBe(404);
    expect((await clickWith(seen.token, { ...other.auth, ...v })).body.data!.counted).toBe(true);
    expect(await clicksOf(seen.id)).toBe(was + 1);
  });

  it('a token served more than a day ago is 40400 and counts nothing', async () => {
    const v = visitor();
    const ad = await firstAd(v);
    const before = await clicksOf(ad.id);
    await d()
      .update(adImpressions)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(adImpressions.token, ad.token));
    const res = await clickWith(ad.token, v);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('广告不存在或已过期');
    expect(await clicksOf(ad.id)).toBe(before);
  });

  it('one member clicking fresh tokens of the same ad over and over counts once a day', async () => {
    const only = await makeAd({ title: 'only', placement: 'listen', languageType: 2, weight: 1_000_000 });
    await d()
      .update(ads)
      .set({ active: false })
      .where(and(eq(ads.placement, 'listen'), sql`${ads.id} <> ${only.id}`));
    try {
      const m = await signedInMember();
      const tokens: string[] = [];
      for (let i = 0; i < 5; i++) tokens.push((await media$('placement=listen&language_type=2', m.auth)).body.data!.list[0]!.token);
      expect(new Set(tokens).size).toBe(5);
      const answers = await Promise.all(tokens.map((t) => clickWith(t, m.auth)));
      expect(answers.map((a) => a.body.data!.counted).filter(Boolean)).toHaveLength(1);
      expect(answers.every((a) => a.body.data!.url === only.link)).toBe(true);
      expect(await clicksOf(only.id)).toBe(1);
      // Another member's click on the same ad is theirs to count.
      const other = await signedInMember();
      const token = (await media$('placement=listen&language_type=2', other.auth)).body.data!.list[0]!.token;
      expect((await clickWith(token, other.auth)).body.data!.counted).toBe(true);
      expect(await clicksOf(only.id)).toBe(2);
    } finally {
      await d().update(ads).set({ active: true }).where(eq(ads.placement, 'listen'));
      await d().update(ads).set({ active: false }).where(eq(ads.id, only.id));
    }
  });

  it.each([
    ['one IPv4 address', () => peerHeaders('198.51.100.90')],
    ['addresses rotated within one IPv6 /64', (i: number) => peerHeaders(`2001:db8:90:1:${i.toString(16)}::${i + 1}`)],
  ])('free guests and fresh tracking cookies from %s count up to the address’s limit, and still lead to the ad', async (_, from) => {
    // The minute's limit is a fixed window: the clock stands still inside one, so a slow run cannot cross its edge.
    freezeDateAt(Math.floor(Date.now() / 60_000) * 60_000 + 20_000);
    try {
      const answers: AdClickDto[] = [];
      for (let i = 0; i < 14; i++) {
        // Every other one a new account (a guest costs nothing), the others a new tracking cookie: each a viewer of its own.
        const who = i % 2 === 0 ? (await signedInMember()).auth : visitor();
        const ad = await firstAd(who);
        const res = await clickWith(ad.token, { ...who, ...from(i) });
        expect(res.status).toBe(200);
        expect(res.body.data!.url).toBe(await linkOf(ad.id));
        answers.push(res.body.data!);
      }
      expect(answers.map((a) => a.counted)).toEqual([...Array(10).fill(true), ...Array(4).fill(false)]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a forged or malformed token without counting, and needs an x-sig', async () => {
    const before = await d()
      .select({ n: sql<number>`sum(clicks)::int` })
      .from(adDailyStats);
    const forged = await clickWith('A'.repeat(24));
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe('广告不存在或已过期');
    for (const bad of ['short', 'x'.repeat(25), 'https://evil.example/aaaaaaaa', 42, null]) {
      const res = await clickWith(bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('广告标识不正确');
    }
    const noSig = await callRoute(click, {
      method: 'POST',
      url: '/v1/ads/click',
      body: { token: 'A'.repeat(24) },
      headers: { 'x-sig': undefined },
    });
    expect(noSig.status).toBe(400);
    expect(
      await d()
        .select({ n: sql<number>`sum(clicks)::int` })
        .from(adDailyStats),
    ).toEqual(before);
  });
});

describe('GET /v1/ads/interact_ad_info', () => {
  it('offers the modal and the 9.9 removal (scene 10009) to a bonus_hunter member only', async () => {
    const anon = await callRoute<InteractAdInfoDto>(interact, { url: '/v1/ads/interact_ad_info' });
    expect(anon.body.data).toMatchObject({ show: false, text: '充值9.9元，永久去除广告', ad: null });
    expect(anon.body.data!.offer).toMatchObject({ price: 990, scene: 10009 });
    const m = await signedInMember();
    expect((await callRoute<InteractAdInfoDto>(interact, { url: '/v1/ads/interact_ad_info', headers: m.auth })).body.data!.show).toBe(
      false,
    );
    await makeBonusHunter(m);
    const res = await callRoute<InteractAdInfoDto>(interact, { url: '/v1/ads/interact_ad_info', headers: m.auth });
    expect(res.body.data).toMatchObject({ show: true, ad: { placement: 'custom_modal', title: '永久去除广告' } });
    // The modal's ad is capped at one a day: the next ask still shows the offer, without a second impression.
    const next = await callRoute<InteractAdInfoDto>(interact, { url: '/v1/ads/interact_ad_info', headers: m.auth });
    expect(next.body.data).toMatchObject({ show: true, ad: null });
    await setFlag('self_owned', true);
    expect((await callRoute<InteractAdInfoDto>(interact, { url: '/v1/ads/interact_ad_info', headers: m.auth })).body.data!.show).toBe(
      false,
    );
  });

  it('refuses a bad language with 40000', async () => {
    const res = await callRoute(interact, { url: '/v1/ads/interact_ad_info?language_type=x' });
    expect(res.status).toBe(400);
  });
});

describe('GET /v1/mediads', () => {
  it('serves the listen page and the chapter end; refuses a missing or other placement, writing nothing', async () => {
    expect((await media$('placement=listen', visitor())).body.data!.list[0]).toMatchObject({
      placement: 'listen',
    });
    const before = await impressionCount();
    expect((await media$('junk=1', visitor())).status).toBe(400);
    expect(await impressionCount()).toBe(before);
    expect((await media$('placement=chapter_end', visitor())).body.data!.list[0]).toMatchObject({
      placement: 'chapter_end',
    });
    const bad = await media$('placement=home_carousel');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('广告位不正确');
  });
});

describe('static ad files', () => {
  it('the config names this host’s files; each is immutable, member-free, and the alternate brand has its own', async () => {
    await d().transaction((tx) => publishAdFiles(tx));
    await loadFlags();
    const config = await callRoute<{ ads_files: { ads: string; reader: string } }>(spaConfig, { url: '/v1/spa/config' });
    const files = config.body.data!.ads_files;
    expect(files.ads).toMatch(/^\/v1\/ads\/static\/ads\.[0-9a-f]{16}\.json$/);
    expect(files.reader).toMatch(/^\/v1\/ads\/static\/reader\.[0-9a-f]{16}\.json$/);
    const name = files.ads.split('/').pop()!;
    const file = await callRoute<AdFile>(adFile, { url: files.ads, params: { name } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.body.data!.ads.every((a) => a.placement === 'home_carousel' || a.placement === 'custom_modal')).toBe(true);
    expect(JSON.stringify(file.body.data)).not.toMatch(/token|member|link/);
    await setFlag('alt_brand_host', 'read.alt.example');
    const alt = await callRoute<{ ads_files: { ads: string } }>(spaConfig, {
      url: '/v1/spa/config',
      headers: { host: 'read.alt.example' },
    });
    expect(alt.body.data!.ads_files.ads).toMatch(/\/alt-ads\.[0-9a-f]{16}\.json$/);
    await setFlag('alt_brand_host', '');
  });

  it('refuses unknown and malformed names', async () => {
    expect(
      (await callRoute(adFile, { url: '/v1/ads/static/ads.0000000000000000.json', params: { name: 'ads.0000000000000000.json' } })).status,
    ).toBe(404);
    expect((await callRoute(adFile, { url: '/v1/ads/static/x', params: { name: '../secrets.json' } })).status).toBe(400);
  });
});
