// The config flags page (docs/config-flags.md): each kind of flag saved and refused through the real form handler,
// the editor's refusal, the config.update audit row with before and after, and the caches picking the change up.
import { NextRequest } from 'next/server';
import { desc, eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { getDb } from '@/lib/server/db/client';
import { configFlags, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { loadFlags } from '@/lib/server/config/flags';
import { cachedFlags, setCachedFlags } from '@/lib/server/config/flags-cache';
import { publicFlags } from '@/lib/server/config/public-flags';
import { parseRules, updateConfigFlag } from '@/lib/server/config/flag-editor';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';
import { POST as configAction } from '@/app/admin/actions/config/route';
import ConfigPage from '@/app/admin/config/page';

jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'c_admin', displayName: '管理员', role: 'admin' }),
);

process.env.LOG_LEVEL = 'error';
useTestDatabase();
let ipSeq = 0;
const tokens: Record<string, string> = {};
let adminId = 0;

beforeAll(async () => {
  for (const role of ['admin', 'editor'] as const) {
    const id = await createStaffFromCommand(getDb(), { username: `c_${role}`, role, password: `c_${role}-password` });
    if (role === 'admin') adminId = id;
    tokens[role] = (await staffSignIn({ username: `c_${role}`, password: `c_${role}-password`, ip: `10.41.0.${++ipSeq}` })).session.token;
  }
});

const post = (role: string, fields: Record<string, string>) =>
  configAction(
    new NextRequest('http://localhost/admin/actions/config', {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/config', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.42.0.${++ipSeq}`),
      },
    }),
  );
const flash = (res: Response) => {
  const url = new URL(res.headers.get('location')!);
  return { path: url.pathname, ok: url.searchParams.get('ok'), err: url.searchParams.get('err') };
};
const lastAudit = async () =>
  (await getDb().select().from(staffAuditLog).where(eq(staffAuditLog.action, 'config.update')).orderBy(desc(staffAuditLog.id)).limit(1))[0];
const stored = async (key: string) => (await getDb().select().from(configFlags).where(eq(configFlags.key, key)))[0]?.value;

describe('POST /admin/actions/config', () => {
  it('a boolean: saved, in the cache at once, audited with before and after', async () => {
    expect(flash(await post('admin', { key: 'lazy_auth', value: '1' }))).toMatchObject({ path: '/admin/config', ok: '已保存' });
    expect(cachedFlags().lazy_auth).toBe(true);
    expect(await lastAudit()).toMatchObject({ staffId: adminId, detail: { key: 'lazy_auth', before: false, after: true } });
    expect(flash(await post('admin', { key: 'ios_recharge_disabled', value: '1' })).ok).toBe('已保存');
    expect(publicFlags().ios_recharge_disabled).toBe(true);
    for (const value of ['yes', '', '2']) expect(flash(await post('admin', { key: 'hide_recharge_nav', value })).err).toBe('请选择开或关');
    expect(await stored('hide_recharge_nav')).toBeUndefined();
  });

  it('numbers keep to their range; the TTS fields change only their part of the tts flag', async () => {
    expect(flash(await post('admin', { key: 'wxshare', value: '1' })).ok).toBe('已保存');
    expect(cachedFlags().wxshare).toBe(1);
    for (const value of ['2', '-1', '0.5', 'abc', '1e0'])
      expect(flash(await post('admin', { key: 'wxshare', value })).err).toBe('请输入 0–1 之间的数字');
    expect(cachedFlags().wxshare).toBe(1);
    expect(flash(await post('admin', { key: 'tts_default_rate', value: '1.25' })).ok).toBe('已保存');
    expect(flash(await post('admin', { key: 'tts_enabled', value: '0' })).ok).toBe('已保存');
    expect(cachedFlags().tts).toEqual({ ...DEFAULT_FLAGS.tts, default_rate: 1.25, enabled: false });
    expect((await lastAudit())!.detail).toMatchObject({
      key: 'tts',
      before: { enabled: true, default_rate: 1.25 },
      after: { enabled: false },
    });
    expect(flash(await post('admin', { key: 'tts_default_rate', value: '3' })).err).toBe('请输入 0.5–2 之间的数字');
  });

  it('the batch-buying discount: whole percents 50–100 per tier, the other tiers kept, audited', async () => {
    expect(flash(await post('admin', { key: 'batch_discount_n50', value: '85' })).ok).toBe('已保存');
    expect(cachedFlags().batch_discount).toEqual({ n10: 100, n50: 85, all: 100 });
    expect((await lastAudit())!.detail).toMatchObject({ key: 'batch_discount', before: { n50: 100 }, after: { n50: 85 } });
    for (const value of ['49', '101', '90.5', 'abc'])
      expect(flash(await post('admin', { key: 'batch_discount_all', value })).err).toBe('请输入 50–100 之间的数字');
    expect(cachedFlags().batch_discount).toEqual({ n10: 100, n50: 85, all: 100 });
  });

  it('blocked URLs: rules compiled, targets only paths of this site; a bad line writes nothing', async () => {
    const ok = await post('admin', { key: 'blocked_urls', value: '^/m/novel/13(\\?|$) => /m\n\n^/m/show/ => /m/search?keyword=x' });
    expect(flash(ok).ok).toBe('已保存');
    expect(cachedFlags().blocked_urls).toEqual([
      { pattern: '^/m/novel/13(\\?|$)', redirect: '/m' },
      { pattern: '^/m/show/', redirect: '/m/search?keyword=x' },
    ]);
    for (const [value, err] of [
      ['^/m/x => https://evil.example', '第 1 行的目标只能是本站路径（以 / 开头）'],
      ['^/a => /m\n^/m/x => //evil.example', '第 2 行的目标只能是本站路径（以 / 开头）'],
      ['^/m/x => /admin/staff', '第 1 行的目标只能是本站路径（以 / 开头）'],
      ['^/m/(x => /m', '第 1 行的正则无效或过长'],
      ['^(a+)+$ => /m', '第 1 行的正则无效或过长'],
      ['/m/only-a-pattern', '第 1 行格式应为“正则 => 站内路径”'],
    ] as const)
      expect(flash(await post('admin', { key: 'blocked_urls', value })).err).toBe(err);
    expect(cachedFlags().blocked_urls).toHaveLength(2);
    expect(() => parseRules(Array.from({ length: 51 }, (_, i) => `^/m/${i} => /m`).join('\n'))).toThrow('最多 50 条规则');
    // An empty box clears the rules.
    expect(flash(await post('admin', { key: 'blocked_urls', value: '' })).ok).toBe('已保存');
    expect(cachedFlags().blocked_urls).toEqual([]);
  });

  it('blocked URLs: patterns that backtrack badly are refused, not only the plain nested quantifier', () => {
    // Exponential: a repeated group holding a repetition at any depth, or an alternation; polynomial: several
    // unbounded repetitions (`.*.*.*x` takes over a minute on a 1 KB path); back-references.
    for (const pattern of ['((ab)+)+$', '(a|aa)*$', '(?:a+?)+$', '^/m/.*.*.*x', '\\d+\\d+\\d+!', 'a?a?a?a?a?a?a?a{7}', '(a)\\1+'])
      expect(() => parseRules(`${pattern} => /m`)).toThrow('第 1 行的正则无效或过长');
    for (const pattern of ['^/m/novel/13(\\?|$)', '^/m/(?:book|novel)/\\d+$', '^/m/show/.*', '^/m/x{2,4}y?'])
      expect(parseRules(`${pattern} => /m`)).toEqual([{ pattern, redirect: '/m' }]);
  });

  it('an unknown key, and the follow gate (its own form on the members page), are refused', async () => {
    expect(flash(await post('admin', { key: 'minor_caps', value: '[]' })).err).toBe('没有这个配置项');
    expect(flash(await post('admin', { key: 'follow_gate', value: '3' })).err).toBe('没有这个配置项');
  });

  it('an editor is refused and nothing is written', async () => {
    const res = await post('editor', { key: 'is_ad_enabled', value: '0' });
    expect(flash(res)).toMatchObject({ path: '/admin', err: expect.stringMatching(/无权/) });
    expect(await stored('is_ad_enabled')).toBeUndefined();
    await expect(updateConfigFlag({ id: 1, role: 'editor', ip: '' }, 'is_ad_enabled', '0')).rejects.toThrow(/无权/);
    expect(cachedFlags().is_ad_enabled).toBe(true);
  });

  it('another process (a stale cache) sees the change at its next refresh', async () => {
    await updateConfigFlag({ id: adminId, role: 'admin', ip: '' }, 'self_owned', '1');
    setCachedFlags({ ...DEFAULT_FLAGS }); // as a process that loaded before the save
    expect(cachedFlags().self_owned).toBe(false);
    await loadFlags(); // what the periodic refresh (FLAG_REFRESH_MS) runs
    expect(cachedFlags().self_owned).toBe(true);
  });
});

it('the page shows each flag with its saved value and links to the follow gate', async () => {
  await updateConfigFlag({ id: adminId, role: 'admin', ip: '' }, 'blocked_urls', '^/m/old => /m/new');
  const html = renderToStaticMarkup(await ConfigPage({ searchParams: Promise.resolve({}) }));
  expect(html).toContain('^/m/old =&gt; /m/new');
  expect(html).toContain('href="/admin/members"');
  for (const name of ['lazy_auth', 'blocked_urls', 'ios_recharge_disabled', 'wxshare', 'is_ad_enabled', 'tts_enabled', 'tts_default_rate'])
    expect(html).toContain(`data-testid="flag-${name}"`);
});
