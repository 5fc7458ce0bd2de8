import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { asc, count, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { callRoute } from '@/test/route';
import { getDb } from '@/lib/server/db/client';
import { adDailyStats, ads, configFlags, staffAuditLog } from '@/lib/server/db/schema';
import { loadFlags } from '@/lib/server/config/flags';
import { can } from '@/lib/server/core/roles';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { createAd } from '@/lib/server/staff/ads';
import { businessDayOf } from '@/lib/shared/business-time';
import { GET as getAds } from '@/app/v1/ads/get_ads/route';
import AdsPage from '@/app/admin/ads/page';
import { POST as adsRoute } from '@/app/admin/actions/ads/route';
import type { AdListDto } from '@/lib/shared/dto/ads';

// The ads console (docs/ads.md "Console"): admins and editors only; every write audited and the static files
// regenerated; destinations only same-site paths or http(s) addresses; a preview and the figures per day.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTestDatabase({ seed: true });
const d = () => getDb();
const render = async () => renderToStaticMarkup(await AdsPage({ searchParams: Promise.resolve({}) })).replace(/<!-- -->/g, '');
const auditOf = (action: string) => d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));
const adCount = async () => (await d().select({ n: count() }).from(ads))[0]!.n;
const filesFlag = async () => (await d().select().from(configFlags).where(eq(configFlags.key, 'ads_static')))[0]?.value;

const tokens: Record<string, string> = {};
let ipSeq = 0;
beforeAll(async () => {
  await loadFlags();
  for (const role of ['admin', 'editor', 'moderator', 'finance'] as const) {
    await createStaffFromCommand(d(), { username: `${role}1`, role, password: `${role}-password-1` });
    tokens[role] = (await staffSignIn({ username: `${role}1`, password: `${role}-password-1`, ip: '10.0.0.9' })).session.token;
  }
});

const FIELDS = {
  placement: 'chapter_end',
  title: '新书上架',
  body: '好书连载中',
  image: '/promo/ad-vip.svg',
  link: '/m/free',
  language_type: '',
  channel: '',
  audience: 'all',
  brand: 'all',
  starts_at: '',
  ends_at: '',
  daily_cap: '3',
  weight: '5',
  active: 'on',
};
const post = (fields: Record<string, string>, role = 'editor') =>
  adsRoute(
    new NextRequest('http://localhost/admin/actions/ads', {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/ads', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.31.0.${++ipSeq}`),
      },
    }),
  );
const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

it('is for admins and editors: the permission and the navigation link', async () => {
  expect(can('admin', 'ads')).toBe(true);
  expect(can('editor', 'ads')).toBe(true);
  expect(can('moderator', 'ads')).toBe(false);
  expect(can('finance', 'ads')).toBe(false);
  expect(await render()).toContain('<a href="/admin/ads" aria-current="page">广告</a>');
});

it('refuses moderators and finance staff, writing nothing', async () => {
  for (const role of ['moderator', 'finance']) {
    const before = await adCount();
    const res = await post({ op: 'create', ...FIELDS }, role);
    expect(flashOf(res)).toBe('/admin 当前角色无权进行此操作');
    expect(await adCount()).toBe(before);
  }
  await expect(createAd({ id: 9, role: 'moderator', ip: '' }, { ...FIELDS, bonus_hunter_only: false, active: true })).rejects.toThrow();
});

it('creates an ad: saved, audited, the static files regenerated, and served', async () => {
  const before = await filesFlag();
  const res = await post({ op: 'create', ...FIELDS, language_type: '2', starts_at: '2020-01-01T08:00' });
  expect(flashOf(res)).toBe('/admin/ads 已新建广告「新书上架」');
  const [row] = await d().select().from(ads).where(eq(ads.title, '新书上架'));
  expect(row).toMatchObject({ placement: 'chapter_end', link: '/m/free', languageType: 2, dailyCap: 3, weight: 5, active: true });
  expect(row!.startsAt!.toISOString()).toBe('2020-01-01T00:00:00.000Z');
  const [audit] = await auditOf('ad.create');
  expect(audit).toMatchObject({ targetType: 'ad', targetId: row!.id });
  expect(audit!.detail).toMatchObject({ after: { title: '新书上架', link: '/m/free' } });
  const after = await filesFlag();
  expect(after).not.toEqual(before);
  await loadFlags();
  const served = await callRoute<AdListDto>(getAds, {
    url: '/v1/ads/get_ads?business_type=1&placement=chapter_end&language_type=2',
    headers: { cookie: 'zaid=consoletest01' },
  });
  const titles = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const r = await callRoute<AdListDto>(getAds, {
      url: '/v1/ads/get_ads?business_type=1&placement=chapter_end&language_type=2',
      headers: { cookie: `zaid=consoletest${i}x` },
    });
    r.body.data!.list.forEach((a) => titles.add(a.title));
  }
  expect(served.status).toBe(200);
  expect(titles.has('新书上架')).toBe(true);
});

it.each([
  ['javascript:alert(1)', '跳转地址'],
  ['//evil.example/x', '跳转地址'],
  ['/\tevil.example', '跳转地址'],
  ['/%2F%2Fevil.example', '跳转地址'],
  ['https://user:pw@evil.example/', '跳转地址'],
  ['ftp://files.example/x', '跳转地址'],
  ['data:text/html,hi', '跳转地址'],
])('refuses the destination %j and writes nothing', async (link, message) => {
  const before = await adCount();
  const audits = (await auditOf('ad.create')).length;
  expect(flashOf(await post({ op: 'create', ...FIELDS, title: '坏链接', link }))).toContain(message);
  expect(await adCount()).toBe(before);
  expect((await auditOf('ad.create')).length).toBe(audits);
});

it('refuses other bad fields in Chinese', async () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ title: '' }, '标题'],
    [{ placement: 'popup' }, '选项不正确'],
    [{ audience: 'rich' }, '选项不正确'],
    [{ language_type: '5' }, '选项不正确'],
    [{ daily_cap: '0' }, '每日上限'],
    [{ weight: '-3' }, '权重'],
    [{ starts_at: '2030-13-01T00:00' }, '时间格式'],
    [{ starts_at: '2030-01-02T00:00', ends_at: '2030-01-01T00:00' }, '结束时间须晚于开始时间'],
    [{ image: 'javascript:x' }, '图片地址'],
  ];
  const before = await adCount();
  for (const [fields, message] of cases) expect(flashOf(await post({ op: 'create', ...FIELDS, ...fields }))).toContain(message);
  expect(await adCount()).toBe(before);
  expect(flashOf(await post({ op: 'update', id: '999999', ...FIELDS }))).toContain('广告不存在');
});

it('edits and deactivates: audited with before and after, the ad no longer served', async () => {
  const [row] = await d().select().from(ads).where(eq(ads.title, '新书上架'));
  expect(
    flashOf(await post({ op: 'update', id: String(row!.id), ...FIELDS, title: '新书上架2', link: 'https://example.com/book?id=1' })),
  ).toContain('已保存广告「新书上架2」');
  const [audit] = await auditOf('ad.update');
  expect(audit!.detail).toMatchObject({
    before: { title: '新书上架' },
    after: { title: '新书上架2', link: 'https://example.com/book?id=1' },
  });
  expect(flashOf(await post({ op: 'toggle', id: String(row!.id), active: '0' }))).toContain('已停用广告「新书上架2」');
  expect((await auditOf('ad.deactivate'))[0]).toMatchObject({ targetId: row!.id });
  await loadFlags();
  for (let i = 0; i < 10; i++) {
    const r = await callRoute<AdListDto>(getAds, {
      url: '/v1/ads/get_ads?business_type=1&placement=chapter_end&language_type=2',
      headers: { cookie: `zaid=consoleoff${i}x` },
    });
    expect(r.body.data!.list.map((a) => a.id)).not.toContain(row!.id);
  }
});

it('shows a preview and impressions, clicks and CTR per day', async () => {
  const [vip] = await d().select().from(ads).where(eq(ads.placement, 'home_carousel')).orderBy(asc(ads.id));
  await d()
    .insert(adDailyStats)
    .values({ adId: vip!.id, day: businessDayOf(new Date()), impressions: 200, clicks: 7 })
    .onConflictDoUpdate({ target: [adDailyStats.adId, adDailyStats.day], set: { impressions: 200, clicks: 7 } });
  const html = await render();
  expect(html).toMatch(new RegExp(`data-testid="ad-${vip!.id}">.*?展示 200 · 点击 7 · 点击率 3.50%`));
  expect(html).toMatch(new RegExp(`data-testid="ad-${vip!.id}">.*?class="ad-card".*?${vip!.title}`));
  expect(html).toContain('去广告订单（按场景）');
});
