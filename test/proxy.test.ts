import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { setCachedFlags } from '@/lib/server/config/flags-cache';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const DOUYIN = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/90 Mobile Safari/537.36 aweme_230400 BytedanceWebview/d8a21c6';
const WEIBO =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Weibo (iPhone14,5__weibo__13.9.1__iphone__os16.6)';

function visit(path: string, { ua = SAFARI, signedIn = false } = {}) {
  const headers: Record<string, string> = { 'user-agent': ua };
  if (signedIn) headers.cookie = 'member_token=tok_abcdefghijklmnopqrstuvwxyz';
  const res = proxy(new NextRequest(new URL(path, 'http://localhost'), { headers }));
  const location = res.headers.get('location');
  return location ? new URL(location).pathname + new URL(location).search : null;
}

const login = (path: string) => `/m/login?next=${encodeURIComponent(path)}`;
const oauth = (path: string) => `/m/oauth?next=${encodeURIComponent(path)}`;

// docs/accounts.md "Access table", one row per route: [example path, login required, login forced inside the messaging app].
const TABLE: Array<[string, boolean, boolean]> = [
  ['/m', false, true],
  ['/m/my', true, false],
  ...['', '/account', '/account/cancel', '/account/data'].map((p): [string, boolean, boolean] => [`/m/my/settings${p}`, true, false]),
  ...['events', 'shelf', 'readlogs', 'gamelogs', 'coins', 'expenses', 'vouchers'].map((p): [string, boolean, boolean] => [
    `/m/${p}`,
    true,
    false,
  ]),
  ...['prizes', 'coupons', 'vouchers-inline'].map((p): [string, boolean, boolean] => [`/m/mall/${p}`, true, false]),
  ...['free', 'lists', 'ranks', 'library', 'search'].map((p): [string, boolean, boolean] => [`/m/${p}`, false, false]),
  ['/m/booklists/3', false, false],
  ...['rewards', 'chapters', 'comments', 'end', 'off'].map((p): [string, boolean, boolean] => [`/m/novels/1/${p}`, false, false]),
  ['/m/novels/1/comment', true, false],
  ['/m/novels/1', false, true],
  ['/m/authors/7', false, true],
  ['/m/read/21', false, true],
  ['/m/show/1', false, true],
  ['/m/report', true, false],
  ['/m/report/success', false, false],
  ['/m/messages', true, false],
  ...['oauth', 'login', 'vip', 'vip-m', 'games', 'float', 'guide', 'questions'].map((p): [string, boolean, boolean] => [
    `/m/${p}`,
    false,
    false,
  ]),
  ['/m/message/5', false, false],
  ['/m/listen/21', true, false],
  // Without an article id the listen page only says 章节不存在 (docs/listening.md "Listen page").
  ['/m/listen', true, false],
  ['/m/listen-ranks', true, false],
];

describe('route guard (docs/accounts.md access table)', () => {
  beforeEach(() => setCachedFlags({ ...DEFAULT_FLAGS }));
  afterAll(() => setCachedFlags(undefined));

  describe.each(TABLE)('%s', (path, loginRequired, wechatForced) => {
    it('in an ordinary browser, anonymous', () => {
      expect(visit(path)).toBe(loginRequired ? login(path) : null);
    });
    it('in an ordinary browser, signed in', () => {
      expect(visit(path, { signedIn: true })).toBeNull();
    });
    it('inside the messaging app, anonymous: OAuth where login is needed or forced', () => {
      expect(visit(path, { ua: WECHAT })).toBe(loginRequired || wechatForced ? oauth(path) : null);
    });
    it('inside the messaging app, signed in', () => {
      expect(visit(path, { ua: WECHAT, signedIn: true })).toBeNull();
    });
    it('inside the messaging app with lazy auth on', () => {
      setCachedFlags({ ...DEFAULT_FLAGS, lazy_auth: true });
      expect(visit(path, { ua: WECHAT })).toBe(loginRequired ? oauth(path) : null);
    });
  });

  it('keeps the query in next', () => {
    expect(visit('/m/read/21?nid=1', { ua: WECHAT })).toBe(oauth('/m/read/21?nid=1'));
  });

  it('short-video and microblog browsers sign in through OAuth', () => {
    expect(visit('/m/my', { ua: DOUYIN })).toBe(oauth('/m/my'));
    expect(visit('/m/shelf', { ua: WEIBO })).toBe(oauth('/m/shelf'));
    expect(visit('/m', { ua: DOUYIN })).toBeNull();
  });

  it.each(['/foo', '/', '/m2', '/mall/nope'])('sends the unknown path %s outside the reader to /m', (path) => {
    expect(visit(path)).toBe('/m');
  });

  it.each(['/m/nope', '/m/novels/1/nope', '/m/novels/abc', '/m/read/1/2', '/m/mall', '/m/home/2-0'])(
    'answers the unknown reader path %s with the not-found page, not a redirect home',
    (path) => {
      const res = proxy(new NextRequest(new URL(path, 'http://localhost'), { headers: { 'user-agent': SAFARI } }));
      expect(res.headers.get('location')).toBeNull();
      // Rewritten to the catch-all that answers 404, whatever route the path would otherwise reach.
      expect(new URL(res.headers.get('x-middleware-rewrite')!).pathname).toBe('/m/_unknown');
    },
  );

  it.each(['/pay/wechat/12', '/pay/alipay/12', '/pay/wechat/12/result', '/pay/alipay/12/cancel'])(
    'lets the real providers’ pay page %s through to its own payer check',
    (path) => {
      expect(visit(path)).toBeNull();
    },
  );

  it.each(['/pay/paypal/12', '/pay/wechat/abc', '/pay/wechat/12/approve'])('sends the unknown pay path %s to /m', (path) => {
    expect(visit(path)).toBe('/m');
  });

  it('redirects blocked URL patterns from config, and survives a malformed one', () => {
    setCachedFlags({
      ...DEFAULT_FLAGS,
      blocked_urls: [
        { pattern: '([', redirect: '/m' },
        { pattern: '^/m/games', redirect: '/m/questions' },
      ],
    });
    expect(visit('/m/games')).toBe('/m/questions');
    expect(visit('/m/free')).toBeNull();
  });

  it('skips stored blocked-URL rules the editor would refuse: a backtracking pattern, an off-site target', () => {
    setCachedFlags({
      ...DEFAULT_FLAGS,
      blocked_urls: [
        { pattern: '^/m/.*.*.*x', redirect: '/m' },
        { pattern: 'keyword=evil', redirect: '//evil.example' },
        { pattern: '^/m/games', redirect: '/m/questions' },
      ],
    });
    const started = Date.now();
    expect(visit(`/m/search?keyword=${'a'.repeat(1000)}`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(visit('/m/search?keyword=evil')).toBeNull();
    expect(visit('/m/games')).toBe('/m/questions');
  });

  // /m home and /m/novels/{id} are cached whole: the browser sets zaid and ref_link_id (docs/web-security.md).
  it.each(['/m?referral_link_id=abc123', '/m/novels/1', '/m/search'])('sets no cookie on %s', (path) => {
    const res = proxy(new NextRequest(new URL(path, 'http://localhost'), { headers: { 'user-agent': SAFARI } }));
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ['/m', '/m/home/1-1'],
    ['/m?gender=2&lang=0', '/m/home/2-0'],
    ['/m?gender=9&lang=x', '/m/home/1-1'],
    ['/m?tab=listen', '/m/home/listen-1'],
    ['/m?tab=listen&lang=0&gender=2', '/m/home/listen-0'],
    ['/m?tab=other&gender=2', '/m/home/2-1'],
  ])('serves %s from the cached home page %s', (path, target) => {
    const res = proxy(new NextRequest(new URL(path, 'http://localhost'), { headers: { 'user-agent': SAFARI } }));
    expect(new URL(res.headers.get('x-middleware-rewrite')!).pathname).toBe(target);
  });

  describe('paths whose percent-escapes do not decode', () => {
    const call = (path: string) => proxy(new NextRequest(new URL(path, 'http://localhost'), { headers: { 'user-agent': SAFARI } }));

    it.each(['/v1/novels/%FF', '/v1/health%FF', '/audio/%FF/index.m3u8'])('%s answers the 40000 envelope', async (path) => {
      const res = call(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 40000, message: '参数错误' });
    });

    it.each(['/covers/%FF.svg', '/sitemaps/%FF'])('%s answers 404', (path) => {
      expect(call(path).status).toBe(404);
    });

    it.each(['/m/novels/%FF', '/m/read/%E0%A4%A', '/pay/sandbox/%FF'])('%s shows the not-found page, not a redirect', (path) => {
      const res = call(path);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('x-middleware-rewrite')).toBeTruthy();
    });

    it('lets well-formed escapes through to the API', () => {
      const res = call('/v1/lists/rich/%E6%96%B0%E4%B9%A6.1');
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('x-middleware-rewrite')).toBeNull();
    });
  });
});

describe('the staff console guard (docs/console.md "Pages")', () => {
  const get = (path: string, cookie?: string) =>
    proxy(new NextRequest(new URL(path, 'http://localhost'), { headers: { 'user-agent': SAFARI, ...(cookie ? { cookie } : {}) } }));

  it.each(['/admin', '/admin/moderation', '/admin/words?q=x', '/admin/moderation/reviews/3'])(
    '%s without a staff cookie goes to sign-in',
    (path) => {
      const res = get(path);
      expect(new URL(res.headers.get('location')!).pathname).toBe('/admin/login');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    },
  );

  it('lets the sign-in page, the form posts and a staff cookie through, never cached, never indexed', () => {
    for (const res of [get('/admin/login'), get('/admin/actions/login'), get('/admin', 'staff_token=abc')]) {
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
  });

  it('a member session is not a staff session', () => {
    expect(new URL(get('/admin', 'member_token=tok_abcdefghijklmnopqrstuvwxyz').headers.get('location')!).pathname).toBe('/admin/login');
  });

  it('leaves the reader guard as it was', () => {
    expect(visit('/m/my')).toBe(login('/m/my'));
    expect(visit('/administrator')).toBe('/m');
  });
});
