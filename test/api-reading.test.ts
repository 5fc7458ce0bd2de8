import { and, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as prefacesRoute } from '@/app/v1/articles/prefaces/route';
import { GET as readLogsList, POST as readLogPost } from '@/app/v1/my/readlogs/route';
import { POST as readLogTtsPost } from '@/app/v1/my/readlogs_tts/route';
import { DELETE as readLogsBatch } from '@/app/v1/my/readlogs/batch/route';
import { GET as novelReadLog } from '@/app/v1/novels/[nid]/readlog/route';
import { GET as favoritesList, POST as favoritePost } from '@/app/v1/favorites/route';
import { DELETE as favoritesBatch } from '@/app/v1/favorites/batch/route';
import { DELETE as ttsFavoritesBatch } from '@/app/v1/tts/favorites_tts/batch/route';
import { POST as ttsFavoritePost } from '@/app/v1/favorites_tts/route';
import { chapters, novels } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { setAutoBuy } from '@/lib/server/wallet/auto-buy';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import { updateState } from '@/lib/shared/update-state';
import type { Tx } from '@/lib/server/db/client';
import { setCachedFlags } from '@/lib/server/config/flags-cache';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const chapterOf = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;
const read = (id: number | string, auth: Record<string, string> = {}, q = '') =>
  callRoute(readRoute, { url: `/v1/read/${id}${q}`, params: { id: String(id) }, headers: auth }) as Promise<{
    status: number;
    body: Any;
    headers: Headers;
  }>;
const fund = (memberId: number, coins: number) =>
  db.handle().db.transaction((tx) => credit(tx as unknown as Tx, memberId, { kind: 'test_grant', source: 'bonus', welth: coins }));

describe('GET /v1/read/{id}', () => {
  it('gives a free chapter whole, with neighbours, and lets shared caches keep it', async () => {
    const first = await chapterOf(1, 1);
    const res = await read(first.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: first.id,
      novel_id: 1,
      idx: 1,
      prev_id: 0,
      access: 'free',
      locked: false,
      redirect_to_id: first.id,
      paywall: null,
      novel: { id: 1, dir: 'ltr' },
    });
    expect(res.body.data.paragraphs).toEqual(splitParagraphs(first.content));
    expect(res.body.data.next_id).toBe((await chapterOf(1, 2)).id);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });

  // The entitlement matrix: paid text appears only for those entitled, and such answers are never shared.
  it.each([
    ['anonymous', async () => ({}), false],
    ['signed in without unlock', async () => (await signedInMember()).auth, false],
    [
      'unlocked',
      async () => {
        const m = await signedInMember();
        await fund(m.id, 1000);
        await buyChapter(m.id, 1, (await chapterOf(1, 21)).id);
        return m.auth;
      },
      true,
    ],
  ] as const)('a paid chapter for %s', async (_who, who, entitled) => {
    const paid = await chapterOf(1, 21);
    const res = await read(paid.id, await who());
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = JSON.stringify(res.body);
    const secret = splitParagraphs(paid.content)[1]!;
    expect(body.includes(secret)).toBe(entitled);
    expect(res.body.data.locked).toBe(!entitled);
    if (!entitled) expect(res.body.data.paywall).toMatchObject({ price: paid.price, buy_mode: 'chapter' });
  });

  it('a locked chapter carries its first paragraph as the teaser, never a second one, and says who asks', async () => {
    const paid = await chapterOf(1, 21);
    const [first, second] = splitParagraphs(paid.content);
    for (const auth of [{}, (await signedInMember()).auth]) {
      const res = await read(paid.id, auth);
      expect(res.body.data.paragraphs).toEqual([]);
      expect(res.body.data.paywall.teaser).toBe(first);
      expect(res.body.data.paywall.signed_in).toBe('authorization' in auth);
      expect(JSON.stringify(res.body)).not.toContain(second!.slice(0, 20));
    }
  });

  it('with the teaser switched off a locked chapter shows no paid text at all', async () => {
    const paid = await chapterOf(1, 21);
    setCachedFlags({ ...DEFAULT_FLAGS, paid_teaser: false });
    try {
      const res = await read(paid.id);
      expect(res.body.data.paywall.teaser).toBeNull();
      expect(JSON.stringify(res.body)).not.toContain(splitParagraphs(paid.content)[0]!.slice(0, 20));
    } finally {
      setCachedFlags(undefined);
    }
  });

  it('VIP on a VIP-free novel and a whole-book owner read; the same member without them does not', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000);
    const bookChapter = await chapterOf(6, 20);
    expect((await read(bookChapter.id, m.auth)).body.data).toMatchObject({
      locked: true,
      paywall: { buy_mode: 'whole_book', whole_book_price: 500 },
    });
    await buyWholeBook(m.id, 6);
    expect((await read(bookChapter.id, m.auth)).body.data).toMatchObject({ locked: false, access: 'whole_book' });
    const [vipNovel] = await db
      .handle()
      .db.select({ id: novels.id })
      .from(novels)
      .where(and(eq(novels.vipFree, true), eq(novels.saleMode, 'chapter'), eq(novels.isOffShelf, false)))
      .limit(1);
    const [vipPaid] = await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, vipNovel!.id), eq(chapters.isFree, false)))
      .limit(1);
    expect((await read(vipPaid!.id, m.auth)).body.data.locked).toBe(true);
    await db
      .handle()
      .db.execute(
        `insert into vip_periods (member_id, kind, starts_at, ends_at) values (${m.id}, 'vip', now() - interval '1 day', now() + interval '1 day')`,
      );
    expect((await read(vipPaid!.id, m.auth)).body.data).toMatchObject({ locked: false, access: 'vip_free' });
  });

  it('auto_buy=1 buys a locked chapter when the switch is on and the wallet can pay', async () => {
    const m = await signedInMember();
    const paid = await chapterOf(1, 22);
    await fund(m.id, paid.price);
    expect((await read(paid.id, m.auth, '?auto_buy=1')).body.data.locked).toBe(true);
    await setAutoBuy(m.id, 1, true);
    expect((await read(paid.id, m.auth, '?auto_buy=1')).body.data).toMatchObject({ locked: false, access: 'unlocked' });
  });

  it('a Uyghur chapter reads right to left; bad and missing ids are refused', async () => {
    const [ug] = await db
      .handle()
      .db.select({ id: novels.id, first: novels.firstArticleId })
      .from(novels)
      .where(and(eq(novels.languageType, 0), eq(novels.isOffShelf, false)))
      .limit(1);
    expect((await read(ug!.first!)).body.data.novel.dir).toBe('rtl');
    for (const bad of ['0', '-3', '1.5', 'abc', '1e30']) expect((await read(bad)).status).toBe(400);
    expect((await read(1, {}, '?auto_buy=yes')).status).toBe(400);
    const missing = await read(99999999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('章节不存在');
  });
});

describe('GET /v1/articles/prefaces', () => {
  it('keys the opening lines of each novel by id; refuses malformed lists', async () => {
    const res = await callRoute(prefacesRoute, { url: '/v1/articles/prefaces?nid=1,2' });
    expect(Object.keys(res.body.data as Any)).toEqual(['1', '2']);
    expect((res.body.data as Any)['1'].paragraphs.length).toBeLessThanOrEqual(3);
    for (const q of ['', 'nid=', 'nid=a', 'nid=1,,2', `nid=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`]) {
      expect((await callRoute(prefacesRoute, { url: `/v1/articles/prefaces?${q}` })).status).toBe(400);
    }
  });
});

describe('reading logs', () => {
  it('records the position (time_track 0 kept), lists newest first, and the newest of reading and listening wins', async () => {
    const m = await signedInMember();
    const post = (route: typeof readLogPost, body: unknown) =>
      callRoute(route, { method: 'POST', url: '/v1/my/readlogs', body, headers: m.auth }) as Promise<{ status: number; body: Any }>;
    const c3 = await chapterOf(1, 3);
    expect((await post(readLogPost, { article_id: c3.id, read_type: 1, idx: 7 })).body.data).toMatchObject({ nid: 1, aid: c3.id, idx: 7 });
    const c5 = await chapterOf(2, 5);
    await post(readLogTtsPost, { article_id: c5.id, time_track: 0 });
    const list = (await callRoute(readLogsList, { url: '/v1/my/readlogs', headers: m.auth })).body.data as Any;
    expect(list.data.map((i: Any) => [i.nid, i.read_type, i.time_track])).toEqual([
      [2, 2, 0],
      [1, 1, null],
    ]);
    expect(list.data[1]).toMatchObject({
      aid: c3.id,
      idx: 7,
      article: c3.title,
      updateCount: 0,
      readAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });
    // Listening to novel 1 later moves its shared position.
    const c4 = await chapterOf(1, 4);
    await post(readLogTtsPost, { article_id: c4.id, time_track: 95 });
    const here = (await callRoute(novelReadLog, { url: '/v1/novels/1/readlog', params: { nid: '1' }, headers: m.auth })).body.data as Any;
    expect(here).toMatchObject({ aid: c4.id, read_type: 2, time_track: 95 });
    expect((await callRoute(novelReadLog, { url: '/v1/novels/3/readlog', params: { nid: '3' }, headers: m.auth })).body.data).toBeNull();
    const removed = await callRoute(readLogsBatch, { method: 'DELETE', url: '/v1/my/readlogs/batch?novel_ids=1,2', headers: m.auth });
    expect(removed.body.data).toEqual({ removed: 1 });
    expect(((await callRoute(readLogsList, { url: '/v1/my/readlogs?read_type=1', headers: m.auth })).body.data as Any).data).toEqual([]);
  });

  it('refuses bad bodies and queries, and anonymous callers', async () => {
    const m = await signedInMember();
    for (const body of [
      {},
      { article_id: -1 },
      { article_id: 1, read_type: 3 },
      { article_id: 1, time_track: -1 },
      { article_id: 1, time_track: 1.5 },
      { article_id: 1, idx: 'x' },
      { article_id: 'one' },
    ]) {
      const res = await callRoute(readLogPost, { method: 'POST', url: '/v1/my/readlogs', body, headers: m.auth });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (await callRoute(readLogPost, { method: 'POST', url: '/v1/my/readlogs', body: { article_id: 99999999 }, headers: m.auth })).status,
    ).toBe(404);
    expect((await callRoute(readLogsList, { url: '/v1/my/readlogs?read_type=5', headers: m.auth })).status).toBe(400);
    expect((await callRoute(readLogsBatch, { method: 'DELETE', url: '/v1/my/readlogs/batch?novel_ids=x', headers: m.auth })).status).toBe(
      400,
    );
    expect((await callRoute(readLogsList, { url: '/v1/my/readlogs' })).body.code).toBe(90002);
  });
});

describe('the shelf', () => {
  it('lists favourites of each kind with the last chapter read and the updated badge; batch removal', async () => {
    const m = await signedInMember();
    const add = (route: typeof favoritePost, nid: number) =>
      callRoute(route, { method: 'POST', url: '/v1/favorites', body: { nid, read_type: 1 }, headers: m.auth });
    await add(favoritePost, 1);
    await add(favoritePost, 2);
    await add(ttsFavoritePost, 3);
    const c2 = await chapterOf(1, 2);
    await callRoute(readLogPost, { method: 'POST', url: '/v1/my/readlogs', body: { article_id: c2.id, read_type: 1 }, headers: m.auth });
    // A chapter arrives after the last read: the badge shows one update.
    await db
      .handle()
      .db.update(novels)
      .set({ articleCount: (await db.handle().db.select({ n: novels.articleCount }).from(novels).where(eq(novels.id, 1)))[0]!.n + 1 })
      .where(eq(novels.id, 1));
    const shelf = (await callRoute(favoritesList, { url: '/v1/favorites?read_type=1', headers: m.auth })).body.data as Any;
    expect(shelf.data.map((f: Any) => f.id)).toEqual([1, 2]);
    expect(shelf.data[0]).toMatchObject({
      last_read_id: c2.id,
      lastReadTitle: c2.title,
      lastReadIdx: 2,
      updateCount: 1,
      isUpdated: true,
      read_type: 1,
    });
    expect(shelf.data[1]).toMatchObject({ last_read_id: null, isUpdated: false, updateCount: 0 });
    expect(
      ((await callRoute(favoritesList, { url: '/v1/favorites?read_type=2', headers: m.auth })).body.data as Any).data.map((f: Any) => f.id),
    ).toEqual([3]);
    expect(
      (await callRoute(favoritesBatch, { method: 'DELETE', url: '/v1/favorites/batch?nids=1,2,3', headers: m.auth })).body.data,
    ).toEqual({ removed: 2 });
    expect(
      (await callRoute(ttsFavoritesBatch, { method: 'DELETE', url: '/v1/tts/favorites_tts/batch?nids=3', headers: m.auth })).body.data,
    ).toEqual({ removed: 1 });
    for (const q of ['read_type=9', 'limit=0', 'start=-1'])
      expect((await callRoute(favoritesList, { url: `/v1/favorites?${q}`, headers: m.auth })).status).toBe(400);
    expect((await callRoute(favoritesBatch, { method: 'DELETE', url: '/v1/favorites/batch', headers: m.auth })).status).toBe(400);
  });

  it('the isUpdated rule', () => {
    expect(updateState(10, null)).toEqual({ updateCount: 0, isUpdated: false });
    expect(updateState(10, 10)).toEqual({ updateCount: 0, isUpdated: false });
    expect(updateState(12, 10)).toEqual({ updateCount: 2, isUpdated: true });
    expect(updateState(8, 10)).toEqual({ updateCount: 0, isUpdated: false });
  });
});
