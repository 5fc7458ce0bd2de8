// The messaging app's own sign-in against its local stand-in (docs/accounts.md "Third-party sign-in (OAuth)"): hosts from the environment
// (refused on a deployed server unless https), which provider a browser gets when both are there, and the whole
// authorization-code flow through our routes — the stand-in's authorize page only sends codes to our registered
// callback, a code works once, and the member ends up with the OpenID WeChat Pay JSAPI needs.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { GET as startRoute } from '@/app/(flows)/oauth/start/route';
import { GET as callbackRoute } from '@/app/(flows)/oauth/callback/route';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { wechatOAuthProvider } from '@/lib/server/accounts/oauth/wechat';
import { getDb } from '@/lib/server/db/client';
import { oauthIdentities } from '@/lib/server/db/schema';
import { wechatApp } from '@/lib/server/sharing/wechat-api';
import { messagingAppOpenId, payContextFor } from '@/lib/server/wallet/payments/context';
import { wechatApiBase, wechatHostRefusal, wechatOpenBase } from '@/lib/server/wechat/hosts';

type StandIn = Awaited<ReturnType<typeof import('../scripts/lib/wechat-stand-in.mjs').startWechatStandIn>>;

useTestDatabase();
const NO_PARAMS = { params: Promise.resolve({}) };
const ORIGIN = 'http://localhost:3100';
const CALLBACK = `${ORIGIN}/oauth/callback`;
const APP_ID = 'wx_oauth_test';
const SECRET = 'oauth-test-secret-1';
const IN_APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 NetType/WIFI Language/zh_CN';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0 Mobile Safari/537.36';
const ENV = [
  'WECHAT_APP_ID',
  'WECHAT_APP_SECRET',
  'WECHAT_API_BASE',
  'WECHAT_OPEN_BASE',
  'OAUTH_LOCAL',
  'WECHAT_MP_APP_ID',
  'WECHAT_MP_APP_SECRET',
];
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
let standIn: StandIn;

beforeAll(async () => {
  const { startWechatStandIn } = await import('../scripts/lib/wechat-stand-in.mjs');
  standIn = await startWechatStandIn({ appId: APP_ID, appSecret: SECRET, callbacks: [CALLBACK] });
});
afterAll(() => standIn.close());
beforeEach(() => {
  for (const k of ENV) delete process.env[k];
  Object.assign(process.env, {
    WECHAT_APP_ID: APP_ID,
    WECHAT_APP_SECRET: SECRET,
    WECHAT_API_BASE: standIn.base,
    WECHAT_OPEN_BASE: standIn.base,
  });
});
afterEach(() => {
  for (const k of ENV)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
});

const headers = (ua: string, peer = '127.0.0.1') => ({ ...peerHeaders(peer), 'user-agent': ua });
const cookieValue = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1);

describe('the messaging app’s hosts', () => {
  it('are the real ones by default, the stand-in when set; the JS-SDK and the sign-in share WECHAT_API_BASE', () => {
    expect(wechatOpenBase({})).toBe('https://open.weixin.qq.com');
    expect(wechatApiBase({})).toBe('https://api.weixin.qq.com');
    expect(wechatOpenBase({ WECHAT_OPEN_BASE: 'https://wx-stand-in.example/' })).toBe('https://wx-stand-in.example');
    expect(wechatApp()?.apiBase).toBe(standIn.base);
    const url = new URL(wechatOAuthProvider(APP_ID, SECRET).authorizeUrl({ state: 'S', redirectUri: CALLBACK, origin: ORIGIN }));
    expect(url.origin).toBe(standIn.base);
    expect(url.pathname).toBe('/connect/oauth2/authorize');
  });

  it.each([
    [{ WECHAT_API_BASE: 'http://10.0.0.5:8080', NODE_ENV: 'production', DEPLOY: '1' }, /WECHAT_API_BASE.*https.*DEPLOY=1/],
    [{ WECHAT_OPEN_BASE: 'http://wx.example', SITE_URL: 'https://read.example' }, /WECHAT_OPEN_BASE.*https.*SITE_URL/],
    [{ WECHAT_API_BASE: 'not a url' }, /WECHAT_API_BASE.*not a URL/],
    [{ WECHAT_OPEN_BASE: 'ftp://wx.example' }, /WECHAT_OPEN_BASE.*https/],
  ])('a server refuses to start with %p', (env, message) => {
    expect(wechatHostRefusal(env)).toMatch(message);
  });

  it.each([
    {},
    { WECHAT_API_BASE: 'http://127.0.0.1:4000', WECHAT_OPEN_BASE: 'http://127.0.0.1:4000', NODE_ENV: 'production' },
    { WECHAT_API_BASE: 'http://127.0.0.1:4000', SITE_URL: 'http://127.0.0.1:3100' },
    { WECHAT_API_BASE: 'https://wx-staging.example', WECHAT_OPEN_BASE: 'https://wx-staging.example', NODE_ENV: 'production', DEPLOY: '1' },
  ])('starts with %p', (env) => {
    expect(wechatHostRefusal(env)).toBeNull();
  });
});

describe('which sign-in a browser gets', () => {
  it('with both available: the messaging app’s inside its browser, the local one outside it', () => {
    expect(oauthProvider(new Headers(headers(IN_APP_UA)))?.name).toBe('wechat');
    expect(oauthProvider(new Headers(headers(PHONE_UA)))?.name).toBe('local');
  });

  it('a deployment (OAUTH_LOCAL=0) or a client not on this machine: the messaging app’s everywhere', () => {
    expect(oauthProvider(new Headers(headers(PHONE_UA, '203.0.113.7')))?.name).toBe('wechat');
    process.env.OAUTH_LOCAL = '0';
    expect(oauthProvider(new Headers(headers(PHONE_UA)))?.name).toBe('wechat');
    expect(oauthProvider(new Headers(headers(IN_APP_UA)))?.name).toBe('wechat');
  });

  it('without the messaging app configured: the local one, in its browser too', () => {
    delete process.env.WECHAT_APP_ID;
    expect(oauthProvider(new Headers(headers(IN_APP_UA)))?.name).toBe('local');
    expect(oauthProvider(new Headers(headers(IN_APP_UA, '203.0.113.7')))).toBeNull();
  });
});

describe('signing in through the stand-in, end to end', () => {
  /** /oauth/start in the app's browser, then the stand-in's authorize page and consent, as the reader's browser. */
  async function authorize(nickname: string) {
    const started = await startRoute(
      new NextRequest(`${ORIGIN}/oauth/start?next=%2Fm%2Fmy&agree_user=1&agree_privacy=1`, { headers: headers(IN_APP_UA) }),
      NO_PARAMS,
    );
    const authorizeUrl = new URL(started.headers.get('location')!);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${standIn.base}/connect/oauth2/authorize`);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('同意授权');
    const form = new URLSearchParams(authorizeUrl.searchParams);
    form.set('nickname', nickname);
    const approved = await fetch(`${standIn.base}/connect/oauth2/authorize/approve`, { method: 'POST', body: form, redirect: 'manual' });
    expect(approved.status).toBe(302);
    return { callbackUrl: approved.headers.get('location')!, stateCookie: cookieValue(started, 'oauth_state')! };
  }
  const callback = (url: string, stateCookie: string) =>
    callbackRoute(new NextRequest(url, { headers: { ...headers(IN_APP_UA), cookie: `oauth_state=${stateCookie}` } }), NO_PARAMS);

  it('signs the reader in with their OpenID, which the in-app payment context then carries', async () => {
    const { callbackUrl, stateCookie } = await authorize('微信读者');
    expect(callbackUrl.startsWith(`${CALLBACK}?`)).toBe(true);
    const res = await callback(callbackUrl, stateCookie);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/m/my');
    const memberId = Number(cookieValue(res, 'member_id'));
    const [identity] = await getDb().select().from(oauthIdentities).where(eq(oauthIdentities.memberId, memberId));
    expect(identity).toMatchObject({ provider: 'wechat' });
    expect(identity!.subject).toMatch(/^o[\w-]{27}$/);
    expect(await messagingAppOpenId(memberId)).toBe(identity!.subject);
    const ctx = await payContextFor(new Headers(headers(IN_APP_UA)), memberId);
    expect(ctx).toMatchObject({ inMessagingApp: true, openId: identity!.subject });
    // The same person again is the same member.
    const again = await authorize('微信读者');
    expect(Number(cookieValue(await callback(again.callbackUrl, again.stateCookie), 'member_id'))).toBe(memberId);
  });

  it('a code works once: the replayed callback signs no one in', async () => {
    const { callbackUrl, stateCookie } = await authorize('只用一次');
    expect(cookieValue(await callback(callbackUrl, stateCookie), 'member_token')).toBeTruthy();
    const replay = await callback(callbackUrl, stateCookie);
    expect(replay.headers.get('location')).toContain('/m/login?oauth=failed');
    expect(cookieValue(replay, 'member_token')).toBeUndefined();
  });

  it('the authorize page sends codes only to our registered callback, only for our app id', async () => {
    const query = (over: Record<string, string>) =>
      new URLSearchParams({ appid: APP_ID, redirect_uri: CALLBACK, response_type: 'code', scope: 'snsapi_userinfo', state: 's', ...over });
    const forged: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/oauth/callback' },
      { redirect_uri: `${ORIGIN}/m` },
      { appid: 'wx_other' },
    ];
    for (const over of forged) {
      expect((await fetch(`${standIn.base}/connect/oauth2/authorize?${query(over)}`)).status).toBe(400);
      const form = query(over);
      form.set('nickname', '冒充者');
      const res = await fetch(`${standIn.base}/connect/oauth2/authorize/approve`, { method: 'POST', body: form, redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });
});
