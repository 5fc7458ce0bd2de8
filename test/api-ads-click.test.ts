import { and, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { peerHeaders } from './peer';
import { freezeDateAt } from './frozen-date';
import { adsHelpers, useAdSwitches } from './ads-helpers';
import { POST as click } from '@/app/v1/ads/click/route';
import { GET as adFile } from '@/app/v1/ads/static/[name]/route';
import { GET as spaConfig } from '@/app/v1/spa/config/route';
import { adDailyStats, adImpressions, ads } from '@/lib/server/db/schema';
import { loadFlags, setFlag } from '@/lib/server/config/flags';
import { publishAdFiles } from '@/lib/server/ads/files';
import type { AdFile } from '@/lib/shared/ads';
import type { AdClickDto } from '@/lib/shared/dto/ads';

// Our own ads' clicks (once per impression, the viewer's own token), the listen page's and chapter end's media ads,
// and the static ad files (docs/ads.md). The list calls and ad-free members: test/api-ads.test.ts.
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
const { media$, carousel, clickWith, impressionCount, statsOf, visitor, makeAd } = adsHelpers(d);

useAdSwitches();

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
