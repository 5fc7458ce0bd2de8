import { test, expect, type Page, type APIRequestContext } from './helpers/test';
import { signInAsGuest } from './helpers/wallet';

// Sharing (docs/sharing.md): the messaging app's JS-SDK and its share cards, the preview images scrapers see, and
// the share button outside the app.

/** A stand-in for https://res.wx.qq.com/open/js/jweixin-1.6.0.js: a `wx` that records every call. */
const FAKE_SDK = `
  window.__wx = [];
  const rec = (name) => (arg) => window.__wx.push({ name, arg: arg && JSON.parse(JSON.stringify(arg)) });
  window.wx = {
    config: rec('config'),
    ready: (fn) => { window.__wx.push({ name: 'ready' }); setTimeout(fn, 0); },
    error: () => {},
    updateAppMessageShareData: rec('updateAppMessageShareData'),
    updateTimelineShareData: rec('updateTimelineShareData'),
  };
`;

type WxCall = { name: string; arg?: Record<string, unknown> };

async function stubSdk(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  await page.route('https://res.wx.qq.com/**', (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK });
  });
  return loaded;
}

const wxCalls = (page: Page) => page.evaluate(() => (window as unknown as { __wx?: WxCall[] }).__wx ?? []);

async function firstChapter(request: APIRequestContext, novelId: number): Promise<number> {
  const res = await request.get(`/v1/novels/${novelId}`);
  return ((await res.json()) as { data: { first_article_id: number } }).data.first_article_id;
}

test.describe('inside the messaging app', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'wechat', 'messaging-app browser only'));

  test('the novel page signs itself and sets the chat and timeline cards with the referral id', async ({ page }, info) => {
    const loaded = await stubSdk(page);
    await signInAsGuest(page, info, 'share');
    const configAnswer = page.waitForResponse((r) => r.url().endsWith('/v1/mp/js_sdk_config'));
    await page.goto('/m/novels/1?referral_link_id=77');
    const res = await configAnswer;
    expect(res.status()).toBe(200);
    const sent = res.request().postDataJSON() as { url: string; apis: string[] };
    expect(sent.url).toMatch(/\/m\/novels\/1\?referral_link_id=77$/);
    expect(sent.apis).toEqual(['updateAppMessageShareData', 'updateTimelineShareData']);
    const cfg = ((await res.json()) as { data: Record<string, unknown> }).data;
    expect(cfg).toMatchObject({ appId: 'wx_e2e_app', jsApiList: sent.apis });
    expect(cfg.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(loaded).toEqual(['https://res.wx.qq.com/open/js/jweixin-1.6.0.js']);

    await expect.poll(async () => (await wxCalls(page)).map((c) => c.name)).toContain('updateTimelineShareData');
    const calls = await wxCalls(page);
    expect(calls.find((c) => c.name === 'config')?.arg).toMatchObject({ debug: false, appId: 'wx_e2e_app', signature: cfg.signature });
    const chat = calls.find((c) => c.name === 'updateAppMessageShareData')!.arg!;
    expect(chat.link).toMatch(/\/m\/novels\/1\?referral_link_id=77$/);
    expect(chat.imgUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/covers\/share\/novel-1-square\.png\?v=[0-9a-f]{12}$/);
    expect(String(chat.title)).toContain(' - ');
    expect(String(chat.desc).length).toBeGreaterThan(0);
    const img = await page.request.get(String(chat.imgUrl));
    expect(img.headers()['content-type']).toBe('image/png');
    expect(pngSize(await img.body())).toEqual({ width: 600, height: 600 });
  });

  test('the reader and a book list share their own cards', async ({ page }, info) => {
    await stubSdk(page);
    await signInAsGuest(page, info, 'share-reader');
    const aid = await firstChapter(page.request, 1);
    await page.goto(`/m/read/${aid}?nid=1`);
    await expect
      .poll(async () => (await wxCalls(page)).find((c) => c.name === 'updateAppMessageShareData')?.arg?.link)
      .toMatch(new RegExp(`/m/read/${aid}\\?nid=1$`));
    const chat = (await wxCalls(page)).find((c) => c.name === 'updateAppMessageShareData')!.arg!;
    expect(chat.imgUrl).toMatch(new RegExp(`/covers/share/chapter-${aid}-square\\.png$`));

    await page.goto('/m/booklists/1');
    await expect
      .poll(async () => (await wxCalls(page)).find((c) => c.name === 'updateAppMessageShareData')?.arg?.link)
      .toMatch(/\/m\/booklists\/1$/);
  });
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

const meta = (html: string, prop: string) =>
  new RegExp(`<meta (?:property|name)="${prop.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

test.describe('previews for scrapers', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'pixel-7', 'plain HTTP requests: one project is enough'));

  test('novel, chapter and book list pages point og:image at a 1200 × 630 PNG', async ({ request }) => {
    const aid = await firstChapter(request, 1);
    for (const path of ['/m/novels/1', `/m/read/${aid}?nid=1`, '/m/booklists/1']) {
      const res = await request.get(path, {
        headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      const image = meta(html, 'og:image');
      expect(image, path).toMatch(/\/covers\/share\/(novel|chapter|booklist)-\d+-wide\.png\?v=[0-9a-f]{12}$/);
      expect(meta(html, 'og:image:width')).toBe('1200');
      expect(meta(html, 'og:image:height')).toBe('630');
      expect(meta(html, 'og:image:type')).toBe('image/png');
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      const png = await request.get(new URL(image!).pathname + new URL(image!).search);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(png.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pngSize(await png.body())).toEqual({ width: 1200, height: 630 });
    }
  });
});

test.describe('outside the messaging app', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'pixel-7', 'a phone browser'));

  test('the share button uses the share sheet, else copies the link; the SDK is never loaded', async ({ page }) => {
    const sdk: string[] = [];
    page.on('request', (r) => r.url().includes('res.wx.qq.com') && sdk.push(r.url()));
    await page.addInitScript(() => {
      const w = window as unknown as { __shared: unknown[] };
      w.__shared = [];
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void w.__shared.push(data), configurable: true });
    });
    await page.goto('/m/novels/1?referral_link_id=88');
    await page.getByRole('button', { name: '分享' }).click();
    const shared = await page.evaluate(() => (window as unknown as { __shared: Array<{ url: string; title: string }> }).__shared);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.url).toMatch(/\/m\/novels\/1\?referral_link_id=88$/);

    // Without a share sheet: the link is copied and the reader told so.
    await page.evaluate(() => {
      const w = window as unknown as { __copied: string[] };
      w.__copied = [];
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (t: string) => void w.__copied.push(t) },
        configurable: true,
      });
    });
    await page.getByRole('button', { name: '分享' }).click();
    await expect(page.getByText('链接已复制，发给好友吧')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
      expect.stringMatching(/\/m\/novels\/1\?referral_link_id=88$/),
    ]);

    await page.goto('/m/booklists/1');
    await expect(page.getByRole('button', { name: '分享' })).toBeVisible();
    expect(sdk).toEqual([]);
  });
});
