import { expect, request as playwrightRequest, test, type APIRequestContext, ONE_PHONE_ONLY } from './helpers/test';
import { freshPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';
import { agreedVersions } from './helpers/consent';

// The entitlement matrix of issue 6 against the running server: a paid chapter's text appears in the page HTML,
// the RSC payload, GET /v1/read and the reader's prefetch only for those entitled to it.
// (VIP-free reading is in the same matrix at the API level: test/api-reading.test.ts.)
type Reader = { name: string; ctx: APIRequestContext; entitled: (novel: 'paid' | 'book') => boolean };

async function member(baseURL: string, salt: number): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const phone = freshPhone(salt);
  expect((await ctx.post('/v1/sms/code', { headers: sigHeader(), data: { phone } })).ok()).toBe(true);
  const { data } = (await (await ctx.get(`/v1/dev/sms?phone=${phone}`)).json()) as { data: { code: string } };
  expect(
    (
      await ctx.post('/v1/sms/login', { headers: sigHeader(), data: { phone, code: data.code, agreements: await agreedVersions(ctx) } })
    ).ok(),
  ).toBe(true);
  return ctx;
}

async function pay(ctx: APIRequestContext, productName: string, productType: string): Promise<void> {
  const products = (await (await ctx.get(`/v1/products?product_type=${productType}`)).json()).data as Array<{ id: number; name: string }>;
  const pid = products.find((p) => p.name === productName)!.id;
  // The confirmation's form post (a GET only shows the confirmation).
  const created = await ctx.post('/orders/create', { form: { pid: String(pid), return: '/m/my' }, maxRedirects: 0 });
  const orderPath = new URL(created.headers().location!, 'http://x').pathname;
  expect((await ctx.post(`${orderPath}/approve`, { maxRedirects: 0 })).status()).toBe(303);
}

test('paid text reaches only entitled readers: HTML, RSC payload, API and prefetch', ONE_PHONE_ONLY, async ({ baseURL }) => {
  // a server-side matrix: one phone project is enough
  test.setTimeout(120_000);
  const anon = await playwrightRequest.newContext({ baseURL });
  const api = anon;
  const chapterOf = async (nid: number, pick: (c: { id: number; is_free: boolean }) => boolean) =>
    ((await (await api.get(`/v1/novels/${nid}/catalog?limit=100`)).json()).data.data as Array<{ id: number; is_free: boolean }>).find(pick)!
      .id;
  const paidAid = await chapterOf(1, (c) => !c.is_free);
  const bookAid = await chapterOf(6, (c) => !c.is_free);

  const plain = await member(baseURL!, 11);
  const owner = await member(baseURL!, 12);
  await pay(owner, '600书币', 'recharge');
  expect((await owner.post('/v1/novels/1/buy', { headers: sigHeader(), data: { aid: paidAid } })).ok()).toBe(true);
  const bookOwner = await member(baseURL!, 13);
  await pay(bookOwner, '600书币', 'recharge');
  expect((await bookOwner.post('/v1/novels/6/buy_book', { headers: sigHeader() })).ok()).toBe(true);

  const readers: Reader[] = [
    { name: 'anonymous', ctx: anon, entitled: () => false },
    { name: 'signed in, no unlock', ctx: plain, entitled: () => false },
    { name: 'unlocked', ctx: owner, entitled: (n) => n === 'paid' },
    { name: 'whole-book owner', ctx: bookOwner, entitled: (n) => n === 'book' },
  ];
  for (const [novel, nid, aid] of [
    ['paid', 1, paidAid],
    ['book', 6, bookAid],
  ] as const) {
    // The owner's view tells us a sentence of the paid text to look for everywhere else.
    const ownerCtx = novel === 'paid' ? owner : bookOwner;
    const paragraphs = (await (await ownerCtx.get(`/v1/read/${aid}`)).json()).data.paragraphs as string[];
    expect(paragraphs.length).toBeGreaterThan(2);
    // The first paragraph may be the free teaser (docs/reading.md "Paywall"); the second one never leaves.
    const secret = paragraphs[1]!.slice(0, 24);
    for (const r of readers) {
      const page = await (await r.ctx.get(`/m/read/${aid}?nid=${nid}`)).text();
      const rsc = await (await r.ctx.get(`/m/read/${aid}?nid=${nid}`, { headers: { RSC: '1' } })).text();
      const apiRes = await r.ctx.get(`/v1/read/${aid}?nid=${nid}`);
      const prefetch = await (await r.ctx.get(`/v1/read/${aid}?nid=${nid}&auto_buy=0`)).text();
      const seen = [page.includes(secret), rsc.includes(secret), (await apiRes.text()).includes(secret), prefetch.includes(secret)];
      expect(seen, `${r.name} on the ${novel} chapter`).toEqual(Array(4).fill(r.entitled(novel)));
      expect(apiRes.headers()['cache-control'], `${r.name}: a paid chapter is never shared`).toBe('private, no-store');
    }
  }
});
