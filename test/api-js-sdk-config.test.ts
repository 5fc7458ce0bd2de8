import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { POST } from '@/app/v1/mp/js_sdk_config/route';
import { getDb } from '@/lib/server/db/client';
import { wechatTokens } from '@/lib/server/db/schema';
import { cachedToken, REFRESH_EARLY_MS } from '@/lib/server/sharing/token-cache';
import { jsSdkConfig } from '@/lib/server/sharing/js-sdk';
import { signingOrigins } from '@/lib/server/sharing/origins';
import type { JsSdkConfig } from '@/lib/shared/dto/sharing';
import { useTestDatabase } from './db';
import { callRoute } from './route';
import { freezeDateAt } from './frozen-date';

useTestDatabase();

type StandIn = Awaited<ReturnType<typeof import('../scripts/lib/wechat-stand-in.mjs').startWechatStandIn>>;

const APP_ID = 'wx_test_app';
const SECRET = 'very-secret-value-123';
const APIS = ['updateAppMessageShareData', 'updateTimelineShareData'];
const ENV = [
  'WECHAT_APP_ID',
  'WECHAT_APP_SECRET',
  'WECHAT_MP_APP_ID',
  'WECHAT_MP_APP_SECRET',
  'WECHAT_API_BASE',
  'SITE_URL',
  'OWN_HOSTS',
] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

let standIn: StandIn;

beforeAll(async () => {
  const { startWechatStandIn } = await import('../scripts/lib/wechat-stand-in.mjs');
  standIn = await startWechatStandIn({ appId: APP_ID, appSecret: SECRET });
});
afterAll(() => standIn.close());

beforeEach(async () => {
  for (const k of ENV) delete process.env[k];
  process.env.WECHAT_APP_ID = APP_ID;
  process.env.WECHAT_APP_SECRET = SECRET;
  process.env.WECHAT_API_BASE = standIn.base;
  process.env.SITE_URL = 'https://read.example.com';
  Object.assign(standIn.state, { calls: { token: 0, ticket: 0 }, delayMs: 0, expiresIn: 7200, tokenErrcode: 0, ticketErrcode: 0 });
  await getDb().delete(wechatTokens);
});
afterEach(() => {
  for (const k of ENV)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
});

const call = (body: unknown, headers: Record<string, string> = {}, peer = '203.0.113.7') =>
  callRoute<JsSdkConfig>(POST, { method: 'POST', url: '/v1/mp/js_sdk_config', body, headers, peer });

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

describe('POST /v1/mp/js_sdk_config', () => {
  it('signs our page with the ticket from the provider, the hash cut off', async () => {
    const url = 'https://read.example.com/m/novels/3?referral_link_id=12';
    const res = await call({ url: `${url}#comments`, apis: APIS });
    expect(res.status).toBe(200);
    const cfg = res.body.data!;
    expect(cfg).toMatchObject({ appId: APP_ID, jsApiList: APIS });
    expect(cfg.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(Math.abs(cfg.timestamp - Date.now() / 1000)).toBeLessThan(5);
    const plain = `jsapi_ticket=${standIn.state.lastTicket}&noncestr=${cfg.nonceStr}&timestamp=${cfg.timestamp}&url=${url}`;
    expect(cfg.signature).toBe(sha1(plain));
    expect(standIn.state.calls).toEqual({ token: 1, ticket: 1 });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);

    // Cached: the next pages are signed without asking the provider again.
    for (let i = 0; i < 3; i++) expect((await call({ url, apis: APIS })).status).toBe(200);
    expect(standIn.state.calls).toEqual({ token: 1, ticket: 1 });
    const rows = await getDb().select().from(wechatTokens);
    expect(rows.map((r) => r.kind).sort()).toEqual(['access_token', 'jsapi_ticket']);
    for (const r of rows) expect(r.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7000 * 1000);
  });

  it('answers a clear Chinese 503 when no app id and secret are configured, asking no one', async () => {
    delete process.env.WECHAT_APP_ID;
    delete process.env.WECHAT_APP_SECRET;
    const res = await call({ url: 'https://read.example.com/m', apis: APIS });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 50300, message: '微信分享未开通：服务器没有配置公众号 AppID 和 AppSecret' });
    expect(standIn.state.calls).toEqual({ token: 0, ticket: 0 });
  });

  it.each([
    ['another site', 'https://evil.example/m/novels/1', '只能为本站页面生成分享配置'],
    ['our host on http', 'http://read.example.com/m', '只能为本站页面生成分享配置'],
    ['javascript:', 'javascript:alert(1)', '页面地址不正确'],
    ['a path only', '/m/novels/1', '页面地址不正确'],
  ])('refuses %s with 400 and signs nothing', async (_label, url, message) => {
    const res = await call({ url, apis: APIS });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, message });
    expect(standIn.state.calls).toEqual({ token: 0, ticket: 0 });
  });

  it('does not trust Host or X-Forwarded-Host when SITE_URL is set', async () => {
    const res = await call(
      { url: 'https://evil.example/m', apis: APIS },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(400);
  });

  it('without SITE_URL, signs for no host the request names but this machine: a forged Host or X-Forwarded-Host is refused', async () => {
    delete process.env.SITE_URL;
    const forged: Array<Record<string, string>> = [
      { host: 'evil.example' },
      { host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { host: '203.0.113.9:3000' },
    ];
    for (const headers of forged) {
      const origin = `${headers['x-forwarded-proto'] ?? 'http'}://${headers['x-forwarded-host'] ?? headers.host}`;
      const res = await call({ url: `${origin}/m/novels/1`, apis: APIS }, headers);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40000, message: '只能为本站页面生成分享配置' });
    }
    expect(standIn.state.calls).toEqual({ token: 0, ticket: 0 });
    // This machine's own names are still taken (the next test signs for 127.0.0.1 through the provider).
    const origins = (headers: Record<string, string>) =>
      signingOrigins({ headers: new Headers(headers), nextUrl: new URL('http://0.0.0.0:3000/v1/mp/js_sdk_config') });
    expect(origins({ host: 'localhost:3000' })).toEqual(['http://localhost:3000']);
    expect(origins({ host: '[::1]:3000' })).toEqual(['http://[::1]:3000']);
    expect(origins({ host: 'read.example.com' })).toEqual([]);
  });

  it('signs for the request origin only on a server without SITE_URL, and for OWN_HOSTS', async () => {
    delete process.env.SITE_URL;
    expect((await call({ url: 'http://127.0.0.1:3000/m', apis: APIS }, { host: '127.0.0.1:3000' })).status).toBe(200);
    expect((await call({ url: 'http://other.example/m', apis: APIS }, { host: '127.0.0.1:3000' })).status).toBe(400);
    process.env.SITE_URL = 'https://read.example.com';
    process.env.OWN_HOSTS = 'books.example.net';
    expect((await call({ url: 'https://books.example.net/m/booklists/1', apis: APIS })).status).toBe(200);
  });

  it.each([
    ['an unknown call', ['chooseWXPay']],
    ['no call', []],
    ['not a list', 'updateAppMessageShareData'],
    ['too many', Array(9).fill('updateTimelineShareData')],
  ])('refuses %s in apis with a Chinese 400', async (_label, apis) => {
    const res = await call({ url: 'https://read.example.com/m', apis });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.message).toMatch(/不支持的分享接口/);
    expect(standIn.state.calls.token).toBe(0);
  });

  it('refuses a missing url or a body that is not JSON', async () => {
    expect((await call({ apis: APIS })).status).toBe(400);
    const raw = await callRoute(POST, {
      method: 'POST',
      url: '/v1/mp/js_sdk_config',
      rawBody: 'url=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(raw.status).toBe(400);
  });

  it('maps a provider errcode to a Chinese 503 without the secret, and caches nothing', async () => {
    standIn.state.tokenErrcode = 40164;
    const res = await call({ url: 'https://read.example.com/m', apis: APIS });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 50300, message: '微信接口返回错误（40164），请稍后再试' });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    const [row] = await getDb().select().from(wechatTokens).where(eq(wechatTokens.kind, 'access_token'));
    expect(row?.value ?? '').toBe('');
    // The provider recovers: the next call gets a token.
    standIn.state.tokenErrcode = 0;
    expect((await call({ url: 'https://read.example.com/m', apis: APIS })).status).toBe(200);
  });

  it('maps a wrong secret and an unreachable provider to 503', async () => {
    process.env.WECHAT_APP_SECRET = 'wrong';
    let res = await call({ url: 'https://read.example.com/m', apis: APIS });
    expect(res).toMatchObject({ status: 503, body: { message: '微信接口返回错误（40125），请稍后再试' } });
    expect(JSON.stringify(res.body)).not.toContain('wrong');
    process.env.WECHAT_APP_SECRET = SECRET;
    process.env.WECHAT_API_BASE = 'http://127.0.0.1:9';
    res = await call({ url: 'https://read.example.com/m', apis: APIS });
    expect(res).toMatchObject({ status: 503, body: { code: 50300, message: '微信接口暂时无法访问，请稍后再试' } });
  });

  it('drops a token the provider calls stale and asks once more', async () => {
    await call({ url: 'https://read.example.com/m', apis: APIS });
    await getDb()
      .update(wechatTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(wechatTokens.kind, 'jsapi_ticket'));
    standIn.state.ticketErrcode = 40001;
    const res = await call({ url: 'https://read.example.com/m', apis: APIS });
    expect(res.status).toBe(200);
    expect(standIn.state.calls).toEqual({ token: 2, ticket: 3 });
  });

  it('refreshes five minutes before expiry, not earlier', async () => {
    const t0 = Date.now();
    let now = t0;
    const clock = () => now;
    const input = { url: 'https://read.example.com/m', apis: APIS };
    await jsSdkConfig(input, ['https://read.example.com'], { now: clock });
    now = t0 + 7200 * 1000 - REFRESH_EARLY_MS - 1000;
    await jsSdkConfig(input, ['https://read.example.com'], { now: clock });
    expect(standIn.state.calls).toEqual({ token: 1, ticket: 1 });
    now = t0 + 7200 * 1000 - REFRESH_EARLY_MS + 1000;
    await jsSdkConfig(input, ['https://read.example.com'], { now: clock });
    expect(standIn.state.calls).toEqual({ token: 2, ticket: 2 });
  });

  it('asks the provider once for 20 parallel first calls', async () => {
    standIn.state.delayMs = 150;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call({ url: `https://read.example.com/m/novels/${i + 1}`, apis: APIS })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(standIn.state.calls).toEqual({ token: 1, ticket: 1 });
    expect(new Set(results.map((r) => r.body.data!.signature)).size).toBe(20);
  });

  it('lets one of many processes refresh: the row lock makes the others wait and read its value', async () => {
    let fetched = 0;
    const app = { appId: APP_ID, appSecret: SECRET, apiBase: standIn.base };
    const fetchFresh = async () => {
      fetched++;
      await new Promise((r) => setTimeout(r, 100));
      return { value: `V${fetched}`, expiresIn: 7200 };
    };
    const values = await Promise.all(
      Array.from({ length: 8 }, () => cachedToken('access_token', app, fetchFresh, Date.now, { processSingleFlight: false })),
    );
    expect(fetched).toBe(1);
    expect(new Set(values)).toEqual(new Set(['V1']));
  });

  it('rate-limits one address', async () => {
    delete process.env.WECHAT_APP_ID; // cheap answers: the limit counts before anything else
    // The minute's limit is a fixed window: the clock stands still inside one, so a slow run cannot cross its edge.
    freezeDateAt(Math.floor(Date.now() / 60_000) * 60_000 + 20_000);
    try {
      let last = 0;
      for (let i = 0; i < 61; i++) last = (await call({ url: 'https://read.example.com/m', apis: APIS }, {}, '198.51.100.4')).status;
      expect(last).toBe(429);
      expect((await call({ url: 'https://read.example.com/m', apis: APIS }, {}, '198.51.100.5')).status).toBe(503);
    } finally {
      jest.useRealTimers();
    }
  });
});
