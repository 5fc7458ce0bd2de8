import { eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { GET as related } from '@/app/v1/novels/[nid]/related/route';
import { GET as topTippers } from '@/app/v1/novels/[nid]/tippers/top/[n]/route';
import { GET as tips } from '@/app/v1/novels/[nid]/tips/route';
import { GET as tipsSum } from '@/app/v1/novels/[nid]/tips/sum/route';
import { GET as catalog } from '@/app/v1/novels/[nid]/catalog/route';
import { GET as latest } from '@/app/v1/novels/[nid]/catalog/latest/route';
import { GET as recommends } from '@/app/v1/novels/recommends/route';
import { GET as random } from '@/app/v1/novels/random/route';
import { GET as freeTrials } from '@/app/v1/novels/free_trials/route';
import { GET as list } from '@/app/v1/lists/[id]/route';
import { GET as richList } from '@/app/v1/lists/rich/[id]/route';
import { GET as batch } from '@/app/v1/lists/batch/route';
import { GET as layoutPages } from '@/app/v1/web_layouts/pages/route';
import { GET as layouts } from '@/app/v1/web_layouts/route';
import { GET as bookList } from '@/app/v1/book_lists/[id]/route';
import { GET as categories } from '@/app/v1/categories/route';
import { GET as search } from '@/app/v1/search/route';
import { GET as hotWords } from '@/app/v1/search/hot_words/route';
import { GET as rankings } from '@/app/v1/rankings/route';
import { GET as ranking } from '@/app/v1/rankings/[slug]/route';
import { gifts, hotWords as hotWordsTable, members, tips as tipsTable } from '@/lib/server/db/schema';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = (handler: Parameters<typeof callRoute>[0], url: string, params: Record<string, string> = {}) =>
  callRoute(handler, { url, params }) as Promise<{ status: number; body: Any; headers: Headers }>;

describe('GET /v1/novels/{nid}/related', () => {
  it('lists novels of the same language, never the novel itself', async () => {
    const res = await get(related, '/v1/novels/3/related', { nid: '3' });
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((n: Any) => n.language_type === 0 && n.id !== 3)).toBe(true);
  });
  it('refuses a bad id and an off-shelf novel', async () => {
    expect((await get(related, '/v1/novels/x/related', { nid: 'x' })).status).toBe(400);
    expect((await get(related, '/v1/novels/5/related', { nid: '5' })).body.code).toBe(90401);
    expect((await get(related, '/v1/novels/1/related?limit=99', { nid: '1' })).status).toBe(400);
  });
});

describe('tips: GET /v1/novels/{nid}/tippers/top/{n}, /tips, /tips/sum', () => {
  beforeAll(async () => {
    const d = db.handle().db;
    const [a, b] = await d
      .insert(members)
      .values([{ nickname: '大方的读者' }, { nickname: null }])
      .returning();
    const [g] = await d.select().from(gifts).where(eq(gifts.title, '咖啡'));
    await d.insert(tipsTable).values([
      { novelId: 1, memberId: a!.id, giftId: g!.id, amount: 2, wealthTotal: 20, createdAt: new Date('2026-11-20T12:05:00Z') },
      { novelId: 1, memberId: b!.id, giftId: g!.id, amount: 5, wealthTotal: 50, createdAt: new Date('2026-11-20T13:00:00Z') },
      { novelId: 1, memberId: a!.id, giftId: g!.id, amount: 4, wealthTotal: 40, createdAt: new Date('2026-11-20T14:00:00Z') },
    ]);
  });

  it('ranks top tippers by coins, with default name and avatar when missing', async () => {
    const res = await get(topTippers, '/v1/novels/1/tippers/top/3', { nid: '1', n: '3' });
    expect(res.body.data).toEqual([
      expect.objectContaining({ nickname: '大方的读者', welth: 60, ranking: 1 }),
      expect.objectContaining({ nickname: '书友', welth: 50, ranking: 2, headimgurl: '/avatars/default.svg' }),
    ]);
  });

  it('lists tip records newest first, dated in Beijing time', async () => {
    const res = await get(tips, '/v1/novels/1/tips?limit=2', { nid: '1' });
    const page = res.body.data;
    expect(page.data.map((t: Any) => t.giftamount)).toEqual([4, 5]);
    expect(page.data[0]).toMatchObject({ nid: 1, giftname: '咖啡', createdat: '2026-11-20 22:00', giftimgurl: '/gifts/2.svg' });
    expect(page).toMatchObject({ total: 3, hasmore: true });
  });

  it('sums the tips', async () => {
    expect((await get(tipsSum, '/v1/novels/1/tips/sum', { nid: '1' })).body.data).toEqual({ sum: 110, count: 3 });
    expect((await get(tipsSum, '/v1/novels/2/tips/sum', { nid: '2' })).body.data).toEqual({ sum: 0, count: 0 });
  });

  it('refuses bad input', async () => {
    expect((await get(topTippers, '/v1/novels/1/tippers/top/0', { nid: '1', n: '0' })).status).toBe(400);
    expect((await get(topTippers, '/v1/novels/1/tippers/top/x', { nid: '1', n: 'x' })).status).toBe(400);
    expect((await get(tips, '/v1/novels/1/tips?start=-1', { nid: '1' })).status).toBe(400);
    expect((await get(tipsSum, '/v1/novels/99999/tips/sum', { nid: '99999' })).status).toBe(404);
  });
});

describe('GET /v1/novels/{nid}/catalog and /catalog/latest', () => {
  it('pages the 3,000-chapter catalogue in 100s without text', async () => {
    const first = (await get(catalog, '/v1/novels/2/catalog', { nid: '2' })).body.data;
    expect(first.data).toHaveLength(100);
    expect(first).toMatchObject({ total: 3000, hasmore: true, order: 'asc' });
    expect(first.data[0]).toEqual({ id: 201, idx: 1, title: expect.any(String), is_free: true, price: 0 });
    const jump = (await get(catalog, '/v1/novels/2/catalog?start=2950', { nid: '2' })).body.data;
    expect(jump.data.map((c: Any) => c.idx)).toEqual(Array.from({ length: 50 }, (_, i) => 2951 + i));
    expect(jump.hasmore).toBe(false);
  });

  it('orders descending and adds extra fields on request; marks paid chapters', async () => {
    const res = (await get(catalog, '/v1/novels/1/catalog?order=desc&limit=2&extra_fields=word_count,content', { nid: '1' })).body.data;
    expect(res.data.map((c: Any) => c.idx)).toEqual([200, 199]);
    expect(res.data[0]).toMatchObject({ is_free: false, price: expect.any(Number), word_count: expect.any(Number) });
    expect(res.data[0]).not.toHaveProperty('content');
  });

  it('latest answers the newest chapter', async () => {
    const res = await get(latest, '/v1/novels/1/catalog/latest', { nid: '1' });
    expect(res.body.data).toEqual([expect.objectContaining({ id: 200, idx: 200, published_at: expect.any(String) })]);
  });

  it.each(['?limit=101', '?limit=0', '?order=up', '?start=abc', '?read_type=3'])('refuses %s', async (qs) => {
    const res = await get(catalog, `/v1/novels/1/catalog${qs}`, { nid: '1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers 90401 for an off-shelf novel and 404 for a missing one', async () => {
    expect((await get(catalog, '/v1/novels/5/catalog', { nid: '5' })).body.code).toBe(90401);
    expect((await get(catalog, '/v1/novels/99999/catalog', { nid: '99999' })).status).toBe(404);
  });
});

describe('GET /v1/novels/recommends, /random, /free_trials', () => {
  it('recommends pages the editor list by language', async () => {
    const res = await get(recommends, '/v1/novels/recommends?language_type=1&limit=5');
    expect(res.body.data.data).toHaveLength(5);
    expect(res.body.data.hasmore).toBe(true);
    expect(res.body.data.data.every((n: Any) => n.language_type === 1)).toBe(true);
  });
  it('random gives on-shelf novels of the language', async () => {
    const res = await get(random, '/v1/novels/random?language_type=0&limit=4');
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data.every((n: Any) => n.language_type === 0 && n.id !== 5)).toBe(true);
  });
  it('free trials are only novels still in their free period', async () => {
    const res = await get(freeTrials, '/v1/novels/free_trials?language_type=1');
    expect(res.body.data.data.length).toBeGreaterThan(0);
    expect(res.body.data.data.every((n: Any) => n.cover_tag === '限免')).toBe(true);
  });
  it.each([
    [recommends, '?language_type=5'],
    [random, '?limit=50'],
    [freeTrials, '?start=x'],
  ] as const)('refuses bad input %#', async (handler, qs) => {
    expect((await get(handler, `/v1/x${qs}`)).status).toBe(400);
  });
});

describe('GET /v1/lists/{id}, /v1/lists/rich/{id}, /v1/lists/batch', () => {
  it('pages a list: init then more, hasmore when a page comes back full', async () => {
    const first = await get(list, '/v1/lists/1?limit=20', { id: '1' });
    expect(first.body.data).toMatchObject({ id: 1, slug: 'recommend', hasmore: true });
    const second = await get(list, '/v1/lists/1?start=20&limit=20', { id: '1' });
    const ids = new Set(first.body.data.data.map((n: Any) => n.id));
    expect(second.body.data.data.some((n: Any) => ids.has(n.id))).toBe(false);
    expect(second.body.data.hasmore).toBe(second.body.data.data.length >= 20);
  });
  it('serves a rich list by slug and language, with its novels', async () => {
    const res = await get(richList, '/v1/lists/rich/carousel.1?read_type=1', { id: 'carousel.1' });
    expect(res.body.data.data.length).toBeGreaterThan(0);
    expect(res.body.data.data[0]).toMatchObject({
      type: 1,
      link: expect.stringMatching(/^\/m\/novels\/\d+$/),
      novel: expect.objectContaining({ id: expect.any(Number) }),
    });
  });
  it('answers several lists at once, skipping unknown ids', async () => {
    const res = await get(batch, '/v1/lists/batch?ids=1,2,99999&limit=3');
    expect(res.body.data.map((l: Any) => l.id)).toEqual([1, 2]);
    expect(res.body.data[0].data).toHaveLength(3);
  });
  it('refuses bad ids', async () => {
    expect((await get(list, '/v1/lists/abc', { id: 'abc' })).status).toBe(400);
    expect((await get(list, '/v1/lists/99999', { id: '99999' })).status).toBe(404);
    expect((await get(richList, '/v1/lists/rich/DROP', { id: 'DROP' })).status).toBe(400);
    expect((await get(batch, '/v1/lists/batch')).status).toBe(400);
    expect((await get(batch, '/v1/lists/batch?ids=1,,2')).status).toBe(400);
  });
});

describe('GET /v1/web_layouts/pages and /v1/web_layouts', () => {
  it('lists the gender channels and their blocks', async () => {
    const pages = await get(layoutPages, '/v1/web_layouts/pages');
    expect(pages.body.data).toEqual([
      { id: 1, title: '男生', gender: 1 },
      { id: 2, title: '女生', gender: 2 },
    ]);
    const layout = await get(layouts, '/v1/web_layouts?page_id=1&language_type=1');
    const kinds = layout.body.data.blocks.map((b: Any) => b.kind);
    expect(kinds).toEqual(expect.arrayContaining(['carousel', 'list', 'ranking', 'categories', 'grid']));
    const categoriesBlock = layout.body.data.blocks.find((b: Any) => b.kind === 'categories');
    expect(categoriesBlock.categories.every((c: Any) => c.gender === 1)).toBe(true);
  });
  it('is_refresh refills the list blocks', async () => {
    const res = await get(layouts, '/v1/web_layouts?page_id=1&language_type=1&is_refresh=1');
    expect(res.body.data.blocks.find((b: Any) => b.kind === 'list').novels.length).toBeGreaterThan(0);
  });
  it('refuses a missing or unknown page', async () => {
    expect((await get(layouts, '/v1/web_layouts')).status).toBe(400);
    expect((await get(layouts, '/v1/web_layouts?page_id=99')).status).toBe(404);
    expect((await get(layouts, '/v1/web_layouts?page_id=1&language_type=9')).status).toBe(400);
  });
});

describe('GET /v1/book_lists/{id} and /v1/categories', () => {
  it('answers a book list with banner_url on each novel', async () => {
    const res = await get(bookList, '/v1/book_lists/1', { id: '1' });
    expect(res.body.data.name).toBeTruthy();
    expect(res.body.data.novels[0]).toMatchObject({ banner_url: expect.stringContaining('/covers/') });
    expect((await get(bookList, '/v1/book_lists/0', { id: '0' })).status).toBe(400);
    expect((await get(bookList, '/v1/book_lists/999', { id: '999' })).status).toBe(404);
  });
  it('answers categories with counts, filtered by language and gender', async () => {
    const res = await get(categories, '/v1/categories?language_type=1&gender=2');
    expect(res.body.data.length).toBe(5);
    expect(res.body.data.every((c: Any) => c.gender === 2 && c.language_type === 1)).toBe(true);
    expect(res.body.data.reduce((s: number, c: Any) => s + c.novel_count, 0)).toBeGreaterThan(0);
    expect((await get(categories, '/v1/categories?gender=3')).status).toBe(400);
  });
});

describe('GET /v1/search and /v1/search/hot_words', () => {
  it('finds by title, ranks title matches first, highlights and counts', async () => {
    const { title } = (await db.handle().db.execute(sql`select title from novels where id = 1`)).rows[0] as { title: string };
    const kw = title.slice(0, 2);
    const res = await get(search, `/v1/search?keyword=${encodeURIComponent(kw)}&highlight=1`);
    expect(res.body.data.total).toBeGreaterThan(0);
    const first = res.body.data.data[0];
    expect(first.title.toLowerCase()).toContain(kw);
    expect(first.highlight.title).toContain(`<em>${kw}</em>`);
  });
  it('finds by author and by tag, and in Uyghur and Tibetan', async () => {
    const { name } = (await db.handle().db.execute(sql`select a.name from authors a join novels n on n.author_id = a.id where n.id = 2`))
      .rows[0] as { name: string };
    expect((await get(search, `/v1/search?keyword=${encodeURIComponent(name)}`)).body.data.data.some((n: Any) => n.id === 2)).toBe(true);
    expect(
      (await get(search, `/v1/search?keyword=${encodeURIComponent('甜宠')}`)).body.data.data.every(
        (n: Any) => n.tags.includes('甜宠') || n.summary.includes('甜宠') || n.title.includes('甜宠'),
      ),
    ).toBe(true);
    const ug = await get(search, `/v1/search?keyword=${encodeURIComponent('قەشقەر')}`);
    expect(ug.body.data.data.every((n: Any) => n.language_type === 0)).toBe(true);
    expect(ug.body.data.total).toBeGreaterThan(0);
    const bo = await get(search, `/v1/search?keyword=${encodeURIComponent('ཁ་བ')}&language_type=2`);
    expect(bo.body.data.total).toBeGreaterThan(0);
  });
  it('treats LIKE wildcards literally and finds nothing for a miss', async () => {
    expect((await get(search, '/v1/search?keyword=%25')).body.data.total).toBe(0);
    expect((await get(search, '/v1/search?keyword=_')).body.data.total).toBe(0);
    expect((await get(search, `/v1/search?keyword=${encodeURIComponent('不存在的词语')}`)).body.data).toEqual({
      data: [],
      total: 0,
      hasmore: false,
    });
  });
  it('requires a keyword, in Chinese', async () => {
    for (const qs of ['', '?keyword=', '?keyword=%20%20']) {
      const res = await get(search, `/v1/search${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('keyword：请输入搜索关键词');
    }
    expect((await get(search, `/v1/search?keyword=${'长'.repeat(33)}`)).status).toBe(400);
  });
  it('hot words come from real searches', async () => {
    const before = await db.handle().db.select().from(hotWordsTable).where(eq(hotWordsTable.word, '修仙'));
    await get(search, `/v1/search?keyword=${encodeURIComponent('修仙')}`);
    const after = await db.handle().db.select().from(hotWordsTable).where(eq(hotWordsTable.word, '修仙'));
    expect(after[0]!.searches).toBe((before[0]?.searches ?? 0) + 1);
    const words = await get(hotWords, '/v1/search/hot_words?limit=5');
    expect(words.body.data).toHaveLength(5);
    expect((await get(hotWords, '/v1/search/hot_words?limit=500')).status).toBe(400);
  });
});

describe('GET /v1/rankings and /v1/rankings/{slug}', () => {
  it('lists rankings and ranks within a language', async () => {
    expect((await get(rankings, '/v1/rankings')).body.data.map((r: Any) => r.slug)).toContain('popular');
    const res = await get(ranking, '/v1/rankings/popular?language_type=1&limit=3', { slug: 'popular' });
    expect(res.body.data.data.map((n: Any) => n.rank)).toEqual([1, 2, 3]);
    // Earned by the seed's readers (docs/rankings.md), not by the seeded popularity number: says what it counts.
    expect(res.body.data).toMatchObject({ slug: 'popular', metric: 'popular', period_days: 30, computed_at: expect.any(String) });
    expect((await get(ranking, '/v1/rankings/none', { slug: 'none' })).status).toBe(404);
    expect((await get(ranking, '/v1/rankings/DROP%20TABLE', { slug: 'DROP TABLE' })).status).toBe(400);
  });
});
