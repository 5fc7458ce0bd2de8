import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { GET as startRoute } from '@/app/(flows)/oauth/start/route';
import { GET as callbackRoute } from '@/app/(flows)/oauth/callback/route';
import { POST as approveRoute } from '@/app/(flows)/oauth/local/approve/route';
import { createOAuthState, verifyOAuthState } from '@/lib/server/accounts/oauth/state';
import { wechatOAuthProvider } from '@/lib/server/accounts/oauth/wechat';
import { findMemberByToken } from '@/lib/server/accounts/current-member';
import { PEER_HEADER, PEER_KEY_HEADER } from '@/lib/server/core/peer';
import { peerHeaders } from './peer';

useTestDatabase();
const NO_PARAMS = { params: Promise.resolve({}) };
const start = (req: NextRequest) => startRoute(req, NO_PARAMS);
const callback = (req: NextRequest) => callbackRoute(req, NO_PARAMS);
const approve = (req: NextRequest) => approveRoute(req, NO_PARAMS);
const ORIGIN = 'http://localhost:3100';
// The local provider answers only a browser on this machine (docs/abuse.md "Demo switches").
const LOCAL = peerHeaders('127.0.0.1');
// The versions ticked on /m/oauth: version 1 of both ships with the migrations (docs/agreements.md "Templates").
const AGREED = 'agree_user=1&agree_privacy=1';

function cookieValue(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1);
}

describe('OAuth state', () => {
  it('round-trips next and refuses forged, mismatched and stale states', () => {
    const { state, cookie } = createOAuthState('/m/read/21?nid=1', { user: 1, privacy: 1 });
    expect(verifyOAuthState(state, cookie)).toEqual({ next: '/m/read/21?nid=1', agreed: { user: 1, privacy: 1 } });
    expect(verifyOAuthState('other-state', cookie)).toBeNull();
    expect(
      verifyOAuthState(
        state,
        cookie.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
      ),
    ).toBeNull();
    expect(verifyOAuthState(state, undefined)).toBeNull();
    expect(verifyOAuthState(state, cookie, Date.now() + 11 * 60_000)).toBeNull();
  });

  it('never lets next leave the site', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/%09/evil.example',
      '/\t/evil.example',
      '/%2F%2Fevil.example',
    ]) {
      const { state, cookie } = createOAuthState(next, { user: 1, privacy: 1 });
      expect(verifyOAuthState(state, cookie)?.next).toBe('/m');
    }
  });
});

describe('the local provider, end to end through the routes', () => {
  async function authorize(next: string, nickname = '本地书友') {
    const started = await start(new NextRequest(`${ORIGIN}/oauth/start?next=${encodeURIComponent(next)}&${AGREED}`, { headers: LOCAL }));
    const authorizeUrl = new URL(started.headers.get('location')!);
    expect(authorizeUrl.pathname).toBe('/oauth/local/authorize');
    const stateCookie = cookieValue(started, 'oauth_state')!;
    const form = new FormData();
    form.set('nickname', nickname);
    form.set('state', authorizeUrl.searchParams.get('state')!);
    form.set('redirect_uri', authorizeUrl.searchParams.get('redirect_uri')!);
    const approved = await approve(new NextRequest(`${ORIGIN}/oauth/local/approve`, { method: 'POST', body: form, headers: LOCAL }));
    expect(approved.status).toBe(303);
    return { callbackUrl: approved.headers.get('location')!, stateCookie };
  }

  it('signs in and lands on next with a session', async () => {
    const { callbackUrl, stateCookie } = await authorize('/m/my');
    const res = await callback(new NextRequest(callbackUrl, { headers: { ...LOCAL, cookie: `oauth_state=${stateCookie}` } }));
    expect(new URL(res.headers.get('location')!).pathname).toBe('/m/my');
    const token = cookieValue(res, 'member_token')!;
    expect(await findMemberByToken(token)).toMatchObject({ id: Number(cookieValue(res, 'member_id')) });
  });

  it('the same name is the same account', async () => {
    const first = await authorize('/m', '同一个人');
    const a = await callback(new NextRequest(first.callbackUrl, { headers: { ...LOCAL, cookie: `oauth_state=${first.stateCookie}` } }));
    const second = await authorize('/m', '同一个人');
    const b = await callback(new NextRequest(second.callbackUrl, { headers: { ...LOCAL, cookie: `oauth_state=${second.stateCookie}` } }));
    expect(cookieValue(b, 'member_id')).toBe(cookieValue(a, 'member_id'));
  });

  it('refuses a callback without the browser’s state cookie, and a code used twice', async () => {
    const { callbackUrl, stateCookie } = await authorize('/m/my');
    const forged = await callback(new NextRequest(callbackUrl, { headers: LOCAL }));
    expect(forged.headers.get('location')).toContain('/m/login?oauth=expired');
    expect(cookieValue(forged, 'member_token')).toBeUndefined();
    await callback(new NextRequest(callbackUrl, { headers: { ...LOCAL, cookie: `oauth_state=${stateCookie}` } }));
    const replay = await callback(new NextRequest(callbackUrl, { headers: { ...LOCAL, cookie: `oauth_state=${stateCookie}` } }));
    expect(replay.headers.get('location')).toContain('/m/login?oauth=failed');
  });

  it('the consent form only sends codes to our own callback', async () => {
    const form = new FormData();
    form.set('nickname', 'x');
    form.set('state', 's');
    form.set('redirect_uri', 'https://evil.example/cb');
    const res = await approve(new NextRequest(`${ORIGIN}/oauth/local/approve`, { method: 'POST', body: form, headers: LOCAL }));
    expect(res.status).toBe(400);
  });
});

describe('the local provider is for this machine only', () => {
  const unavailable = (res: Response) => expect(res.headers.get('location')).toContain('oauth=unavailable');

  it.each([
    ['a remote client', peerHeaders('203.0.113.7')],
    ['a request a local proxy forwarded', peerHeaders('127.0.0.1', true)],
    [
      'a client forging the address header',
      { [PEER_HEADER]: '127.0.0.1;forwarded=0', [PEER_KEY_HEADER]: 'guessed-secret-guessed-secret-gu' },
    ],
    ['a server that cannot see the socket', {}],
  ])('%s gets no local sign-in', async (_label, headers: Record<string, string>) => {
    unavailable(await start(new NextRequest(`${ORIGIN}/oauth/start?next=%2Fm&${AGREED}`, { headers })));
    const form = new FormData();
    form.set('nickname', '冒充者');
    form.set('state', 's');
    form.set('redirect_uri', `${ORIGIN}/oauth/callback`);
    const res = await approve(new NextRequest(`${ORIGIN}/oauth/local/approve`, { method: 'POST', body: form, headers }));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('is off with OAUTH_LOCAL=0 even for this machine', async () => {
    process.env.OAUTH_LOCAL = '0';
    try {
      unavailable(await start(new NextRequest(`${ORIGIN}/oauth/start?next=%2Fm&${AGREED}`, { headers: LOCAL })));
    } finally {
      delete process.env.OAUTH_LOCAL;
    }
  });
});

describe('the messaging app provider', () => {
  it('builds the authorize URL and exchanges a code for the openid and profile', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => {
      calls.push(url);
      const body = url.includes('access_token?')
        ? { access_token: 'AT', openid: 'OPENID', unionid: 'UNION' }
        : { nickname: '微信昵称', headimgurl: 'https://img/x.png' };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as unknown as typeof fetch;
    const provider = wechatOAuthProvider('wxapp', 'secret', fakeFetch);
    const url = new URL(provider.authorizeUrl({ state: 'S', redirectUri: `${ORIGIN}/oauth/callback`, origin: ORIGIN }));
    expect(url.host).toBe('open.weixin.qq.com');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(url.hash).toBe('#wechat_redirect');
    await expect(provider.exchange({ code: 'C', redirectUri: '' })).resolves.toEqual({
      subject: 'OPENID',
      nickname: '微信昵称',
      avatar: 'https://img/x.png',
      unionId: 'UNION',
    });
    expect(calls[0]).toContain('code=C');
    expect(calls[1]).toContain('openid=OPENID');
  });

  it('turns an error answer into a failure', async () => {
    const fakeFetch = (async () => new Response(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }))) as unknown as typeof fetch;
    await expect(wechatOAuthProvider('a', 'b', fakeFetch).exchange({ code: 'bad', redirectUri: '' })).rejects.toThrow('40029');
  });
});
