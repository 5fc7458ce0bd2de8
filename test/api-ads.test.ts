import { and, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { peerHeaders } from './peer';
import { adsHelpers, useAdSwitches } from './ads-helpers';
import { GET as interact } from '@/app/v1/ads/interact_ad_info/route';
import { GET as mediads } from '@/app/v1/mediads/route';
import { ads } from '@/lib/server/db/schema';
import { setFlag } from '@/lib/server/config/flags';
import { turnOnMinorsMode } from '@/lib/server/minors/mode';
import type { AdListDto, InteractAdInfoDto } from '@/lib/shared/dto/ads';

// Our own ads (docs/ads.md): the list calls, targeting and caps, and no ad ever sent to an ad-free member (VIP, or
// the 9.9 removal bought through the real sandbox order flow). Clicks, media ads and the static files:
// test/api-ads-click.test.ts.
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
const { ads$, media$, carousel, impressionCount, statsOf, visitor, makeAd, makeBonusHunter, buy } = adsHelpers(d);

useAdSwitches();

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
