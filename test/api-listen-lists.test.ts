import { and, eq, inArray, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as audioList } from '@/app/v1/audio/list/route';
import { GET as audioSimilar } from '@/app/v1/audio/similar/route';
import { GET as guide } from '@/app/v1/tts/readlogs_tts/guide_novel_article_id/route';
import { GET as weekly } from '@/app/v1/lists/weekly/route';
import { GET as weeklyNew } from '@/app/v1/lists/weekly_new/route';
import { GET as original } from '@/app/v1/lists/original/route';
import { GET as subscribing } from '@/app/v1/lists/subscribing/route';
import { GET as mustListen } from '@/app/v1/lists/must_listen/route';
import { GET as richList } from '@/app/v1/lists/rich/[id]/route';
import { GET as ranking } from '@/app/v1/rankings/[slug]/route';
import { recordReadLog } from '@/lib/server/reading/readlogs';
import { getListenHome } from '@/lib/server/catalog/listen-home';
import { favorites, listItems, lists, novels, rankingItems, rankings, readLogs, richListItems, richLists } from '@/lib/server/db/schema';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = Parameters<typeof callRoute>[0];
const get = (handler: Handler, url: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  callRoute(handler, { url, params, headers }) as Promise<{ status: number; body: Any; headers: Headers }>;
const CHINESE = /[\u4e00-\u9fff]/;

/** Ids of the on-shelf novels without TTS, to prove no audio list ever offers one. */
let noTts: Set<number>;
const novelRow = async (id: number) => (await db.handle().db.select().from(novels).where(eq(novels.id, id)))[0]!;
const ids = (page: Any): number[] => page.data.map((n: Any) => n.id);

async function expectRefused(res: { status: number; body: Any }) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(40000);
  expect(res.body.message).toMatch(CHINESE);
}

beforeAll(async () => {
  const rows = await db
    .handle()
    .db.select({ id: novels.id })
    .from(novels)
    .where(and(eq(novels.hasTts, false), eq(novels.isOffShelf, false)));
  noTts = new Set(rows.map((r) => r.id));
});

describe('GET /v1/audio/list', () => {
  it('pages the listenable novels of a language, most popular first, 20 at most', async () => {
    const res = await get(audioList, '/v1/audio/list');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const page = res.body.data;
    expect(page.data).toHaveLength(20);
    expect(page).toMatchObject({ hasmore: true, total: expect.any(Number) });
    expect(page.data.every((n: Any) => n.has_tts && n.language_type === 1 && !noTts.has(n.id))).toBe(true);
    expect(page.data[0]).toMatchObject({
      id: 1,
      title: expect.any(String),
      thumb: expect.any(String),
      first_article_id: 1,
      ctype: 1,
      author: expect.any(Object),
    });
    const next = (await get(audioList, '/v1/audio/list?start=20')).body.data;
    expect(ids(next).some((id) => ids(page).includes(id))).toBe(false);
    const all = (
      await db
        .handle()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(novels)
        .where(and(eq(novels.hasTts, true), eq(novels.languageType, 1), eq(novels.isOffShelf, false)))
    )[0]!.n;
    expect(page.total).toBe(all);
  });

  it('filters by channel and category, and by language (Uyghur has listenable novels, Tibetan none)', async () => {
    const women = (await get(audioList, '/v1/audio/list?gender=2')).body.data;
    expect(women.data.length).toBeGreaterThan(0);
    for (const n of women.data) expect((await novelRow(n.id)).gender).toBe(2);
    const one = await novelRow(1);
    const cat = (await get(audioList, `/v1/audio/list?category=${one.categoryId}`)).body.data;
    expect(ids(cat)).toContain(1);
    for (const n of cat.data) expect((await novelRow(n.id)).categoryId).toBe(one.categoryId);
    const ug = (await get(audioList, '/v1/audio/list?language_type=0')).body.data;
    expect(ids(ug)).toContain(3);
    expect(ug.data.every((n: Any) => n.language_type === 0 && n.has_tts)).toBe(true);
    expect((await get(audioList, '/v1/audio/list?language_type=2')).body.data).toEqual({ data: [], total: 0, hasmore: false });
  });

  it.each(['?limit=21', '?limit=0', '?start=-1', '?gender=3', '?category=abc', '?language_type=7'])('refuses %s in Chinese', async (qs) => {
    await expectRefused(await get(audioList, `/v1/audio/list${qs}`));
  });
});

describe('GET /v1/audio/similar', () => {
  it('answers up to 20 listenable novels of the same language, same category first, never the novel itself', async () => {
    const res = await get(audioSimilar, '/v1/audio/similar?nid=1');
    expect(res.status).toBe(200);
    const list: Any[] = res.body.data;
    expect(list).toHaveLength(20);
    expect(list.every((n) => n.has_tts && n.language_type === 1 && n.id !== 1)).toBe(true);
    const category = (await novelRow(1)).categoryId;
    const sameCategory = await Promise.all(list.map(async (n) => (await novelRow(n.id)).categoryId === category));
    // Same-category novels come first: once a different one appears, no same-category one follows.
    expect(sameCategory.indexOf(false) === -1 || !sameCategory.slice(sameCategory.indexOf(false)).includes(true)).toBe(true);
    expect(sameCategory[0]).toBe(true);
    expect((await get(audioSimilar, '/v1/audio/similar?nid=1&limit=3')).body.data).toHaveLength(3);
  });

  it('has nothing to offer for the Tibetan novel (no Tibetan voice)', async () => {
    expect((await get(audioSimilar, '/v1/audio/similar?nid=4')).body.data).toEqual([]);
  });

  it('refuses a missing or bad nid in Chinese, 404 for an unknown novel and 90401 for an off-shelf one', async () => {
    await expectRefused(await get(audioSimilar, '/v1/audio/similar'));
    await expectRefused(await get(audioSimilar, '/v1/audio/similar?nid=abc'));
    await expectRefused(await get(audioSimilar, '/v1/audio/similar?nid=1&limit=21'));
    const missing = await get(audioSimilar, '/v1/audio/similar?nid=99999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(CHINESE);
    expect((await get(audioSimilar, '/v1/audio/similar?nid=5')).body.code).toBe(90401);
  });
});

const LISTS: Array<[string, Handler]> = [
  ['weekly', weekly],
  ['weekly_new', weeklyNew],
  ['original', original],
  ['subscribing', subscribing],
  ['must_listen', mustListen],
];

describe('GET /v1/lists/weekly, /weekly_new, /original, /subscribing, /must_listen', () => {
  it.each(LISTS)('%s: audio by default — only listenable, on-shelf novels of the language, 20 a page', async (slug, handler) => {
    const res = await get(handler, `/v1/lists/${slug}?limit=20`);
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page).toMatchObject({
      slug,
      read_type: 2,
      name: expect.stringMatching(CHINESE),
      total: expect.any(Number),
      hasmore: page.data.length >= 20,
    });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((n: Any) => n.has_tts && !noTts.has(n.id) && n.language_type === 1 && n.id !== 5)).toBe(true);
    expect(page.data[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), first_article_id: expect.any(Number), ctype: expect.any(Number), has_tts: true }),
    );
    const explicit = await get(handler, `/v1/lists/${slug}?read_type=2&limit=20`);
    expect(ids(explicit.body.data)).toEqual(ids(page));
  });

  it.each(LISTS)('%s refuses bad input in Chinese (limit over 20, read_type, gender, language)', async (slug, handler) => {
    for (const qs of ['?limit=21', '?limit=0', '?read_type=3', '?gender=0', '?language_type=9', '?start=x']) {
      await expectRefused(await get(handler, `/v1/lists/${slug}${qs}`));
    }
  });

  it('read_type=1 is the text kind: novels without TTS may appear there, never in the audio kind', async () => {
    const text = (await get(weekly, '/v1/lists/weekly?read_type=1')).body.data;
    expect(text.read_type).toBe(1);
    expect(ids(text).some((id) => noTts.has(id))).toBe(true);
    const audio = (await get(weekly, '/v1/lists/weekly')).body.data;
    expect(ids(audio).some((id) => noTts.has(id))).toBe(false);
  });

  it('pages without overlap and says when there is no more', async () => {
    const first = (await get(subscribing, '/v1/lists/subscribing?limit=10')).body.data;
    const second = (await get(subscribing, '/v1/lists/subscribing?limit=10&start=10')).body.data;
    expect(first.hasmore).toBe(true);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const last = (await get(subscribing, `/v1/lists/subscribing?limit=10&start=${first.total - 3}`)).body.data;
    expect(last.data).toHaveLength(3);
    expect(last.hasmore).toBe(false);
  });

  it('weekly ranks by the members who listened in the last 7 days, then popularity', async () => {
    // Start from a week without listening: the seed's simulated readers (docs/rankings.md) have listened too.
    await db.handle().db.delete(readLogs);
    const before = (await get(weekly, '/v1/lists/weekly?limit=20')).body.data;
    const pops = await Promise.all(before.data.map(async (n: Any) => (await novelRow(n.id)).popularity));
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    // A little-known listenable novel gains two listeners this week; an old listen elsewhere does not count.
    const [quiet] = await db
      .handle()
      .db.select()
      .from(novels)
      .where(and(eq(novels.hasTts, true), eq(novels.languageType, 1), eq(novels.isOffShelf, false)))
      .orderBy(novels.popularity)
      .limit(1);
    const [a, b, c] = [await signedInMember(), await signedInMember(), await signedInMember()];
    await recordReadLog(a.id, { article_id: quiet!.firstArticleId!, read_type: 2, time_track: 12 });
    await recordReadLog(b.id, { article_id: quiet!.firstArticleId!, read_type: 2, time_track: 3 });
    await recordReadLog(c.id, { article_id: 201, read_type: 2, time_track: 3 }, new Date(Date.now() - 8 * 86_400_000));
    // A text read of the same novel counts for the text kind only.
    await recordReadLog(c.id, { article_id: quiet!.firstArticleId!, read_type: 1 });
    const after = (await get(weekly, '/v1/lists/weekly?limit=3')).body.data;
    expect(ids(after)[0]).toBe(quiet!.id);
    expect(ids(after).slice(1)).toEqual(ids(before).slice(0, 2));
    const text = (await get(weekly, '/v1/lists/weekly?limit=3&read_type=1')).body.data;
    expect(ids(text)[0]).toBe(quiet!.id);
  });

  it('weekly_new holds only novels first shelved in the last 7 days, newest first', async () => {
    const page = (await get(weeklyNew, '/v1/lists/weekly_new')).body.data;
    const rows = await db
      .handle()
      .db.select({ id: novels.id, createdAt: novels.createdAt })
      .from(novels)
      .where(inArray(novels.id, ids(page)));
    const created = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
    const times = ids(page).map((id) => created.get(id)!);
    expect(times.every((t) => t >= Date.now() - 7 * 86_400_000)).toBe(true);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const fresh = (
      await db
        .handle()
        .db.execute(
          sql`select count(*)::int as n from novels where has_tts and language_type = 1 and not is_off_shelf and created_at >= now() - interval '7 days'`,
        )
    ).rows as Array<{ n: number }>;
    expect(page.total).toBe(fresh[0]!.n);
    expect(page.total).toBeGreaterThan(0);
  });

  it("original and must_listen follow the editors' order; a non-TTS novel an editor adds shows only in the text kind", async () => {
    const d = db.handle().db;
    const [list] = await d
      .select()
      .from(lists)
      .where(and(eq(lists.slug, 'original'), eq(lists.languageType, 1)));
    const items = await d.select().from(listItems).where(eq(listItems.listId, list!.id)).orderBy(listItems.position);
    const listenable = items.filter((i) => !noTts.has(i.novelId)).map((i) => i.novelId);
    const page = (await get(original, '/v1/lists/original?limit=20')).body.data;
    expect(ids(page)).toEqual(listenable.slice(0, 20));
    expect(page.total).toBe(listenable.length);
    const tibetanNoTts = 4;
    await d.insert(listItems).values({ listId: list!.id, novelId: tibetanNoTts, position: -1 });
    const [zhNoTts] = await d
      .select()
      .from(novels)
      .where(and(eq(novels.hasTts, false), eq(novels.languageType, 1), eq(novels.isOffShelf, false)))
      .limit(1);
    await d.insert(listItems).values({ listId: list!.id, novelId: zhNoTts!.id, position: -2 });
    expect(ids((await get(original, '/v1/lists/original')).body.data)[0]).toBe(listenable[0]);
    expect(ids((await get(original, '/v1/lists/original?read_type=1')).body.data)[0]).toBe(zhNoTts!.id);
  });

  it('must_listen takes a channel (gender)', async () => {
    for (const g of [1, 2]) {
      const page = (await get(mustListen, `/v1/lists/must_listen?gender=${g}&read_type=2`)).body.data;
      expect(page.data.length).toBeGreaterThan(0);
      for (const n of page.data) expect((await novelRow(n.id)).gender).toBe(g);
    }
    expect((await get(mustListen, '/v1/lists/must_listen?language_type=2')).body.data).toMatchObject({
      data: [],
      total: 0,
      hasmore: false,
    });
  });

  it('subscribing holds serializing novels, ranked by the members who keep them on their audio shelf', async () => {
    const page = (await get(subscribing, '/v1/lists/subscribing?limit=20')).body.data;
    for (const n of page.data) expect(n.status).toBe(0);
    const last = page.data.at(-1);
    const m = await signedInMember();
    await db.handle().db.insert(favorites).values({ memberId: m.id, novelId: last.id, readType: 2 });
    expect(ids((await get(subscribing, '/v1/lists/subscribing?limit=1')).body.data)).toEqual([last.id]);
    // A text-shelf entry moves only the text kind.
    const other = page.data.at(-2);
    const m2 = await signedInMember();
    await db
      .handle()
      .db.insert(favorites)
      .values([
        { memberId: m2.id, novelId: other.id, readType: 1 },
        { memberId: m.id, novelId: other.id, readType: 1 },
      ]);
    expect(ids((await get(subscribing, '/v1/lists/subscribing?limit=1')).body.data)).toEqual([last.id]);
    expect(ids((await get(subscribing, '/v1/lists/subscribing?limit=1&read_type=1')).body.data)).toEqual([other.id]);
  });
});

describe('GET /v1/lists/rich/carousel.{x}?read_type=2 and the listen ranking', () => {
  it('the audio carousel offers only listenable novels, up to 20', async () => {
    const d = db.handle().db;
    const [carousel] = await d
      .select()
      .from(richLists)
      .where(and(eq(richLists.slug, 'carousel'), eq(richLists.languageType, 1), eq(richLists.readType, 2)));
    const [zhNoTts] = await d
      .select()
      .from(novels)
      .where(and(eq(novels.hasTts, false), eq(novels.languageType, 1), eq(novels.isOffShelf, false)))
      .limit(1);
    await d.insert(richListItems).values({
      richListId: carousel!.id,
      type: 1,
      title: zhNoTts!.title,
      banner: null,
      summary: '',
      link: null,
      novelId: zhNoTts!.id,
      position: -1,
    });
    const res = await get(richList, '/v1/lists/rich/carousel.1?limit=20&read_type=2', { id: 'carousel.1' });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('听书轮播');
    expect(res.body.data.data.length).toBeGreaterThan(0);
    expect(res.body.data.data.every((i: Any) => i.novel?.has_tts === true)).toBe(true);
    // The text carousel still takes any novel an editor puts there.
    const [textCarousel] = await d
      .select()
      .from(richLists)
      .where(and(eq(richLists.slug, 'carousel'), eq(richLists.languageType, 1), eq(richLists.readType, 1)));
    await d.insert(richListItems).values({
      richListId: textCarousel!.id,
      type: 1,
      title: zhNoTts!.title,
      banner: null,
      summary: '',
      link: null,
      novelId: zhNoTts!.id,
      position: -1,
    });
    expect((await get(richList, '/v1/lists/rich/carousel.1?read_type=1', { id: 'carousel.1' })).body.data.data[0].novel.id).toBe(
      zhNoTts!.id,
    );
  });

  it('refuses a carousel over 20 and a bad read_type in Chinese', async () => {
    await expectRefused(await get(richList, '/v1/lists/rich/carousel.1?limit=21&read_type=2', { id: 'carousel.1' }));
    await expectRefused(await get(richList, '/v1/lists/rich/carousel.1?read_type=5', { id: 'carousel.1' }));
  });

  it('the listen ranking (听书榜) ranks only listenable novels', async () => {
    const d = db.handle().db;
    const [listen] = await d.select().from(rankings).where(eq(rankings.slug, 'listen'));
    const [zhNoTts] = await d
      .select()
      .from(novels)
      .where(and(eq(novels.hasTts, false), eq(novels.languageType, 1), eq(novels.isOffShelf, false)))
      .limit(1);
    await d.insert(rankingItems).values({ rankingId: listen!.id, novelId: zhNoTts!.id, rank: 0, score: 1_000_000 });
    const res = (await get(ranking, '/v1/rankings/listen?language_type=1&limit=20', { slug: 'listen' })).body.data;
    expect(res).toMatchObject({ slug: 'listen', read_type: 2 });
    // The seed's listeners earned the ranking (docs/rankings.md); the novel without TTS never shows, however high.
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.map((n: Any) => n.id)).not.toContain(zhNoTts!.id);
    expect(res.data.every((n: Any) => n.has_tts)).toBe(true);
    expect(res.data.map((n: Any) => n.rank)).toEqual(Array.from({ length: res.data.length }, (_, i) => i + 1));
  });
});

describe('GET /v1/tts/readlogs_tts/guide_novel_article_id', () => {
  let topMustListen: Any;
  beforeAll(async () => {
    topMustListen = (await get(mustListen, '/v1/lists/must_listen?limit=1')).body.data.data[0];
  });

  it('anonymous: the first chapter of the top must_listen novel, from the start; never cached', async () => {
    const res = await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.data).toEqual({
      novel_id: topMustListen.id,
      article_id: topMustListen.first_article_id,
      time_track: 0,
      ctype: topMustListen.ctype,
      title: topMustListen.title,
      article_title: expect.stringMatching(CHINESE),
      thumb: topMustListen.thumb,
      source: 'must_listen',
    });
  });

  it('the must_listen pick follows the language and the channel', async () => {
    const ug = (await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id?language_type=0')).body.data;
    expect((await novelRow(ug.novel_id)).languageType).toBe(0);
    const women = (await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id?gender=2')).body.data;
    const row = await novelRow(women.novel_id);
    expect(row.gender).toBe(2);
    expect(women.article_id).toBe(row.firstArticleId);
  });

  it('a member with a listening log: their latest position, with its time', async () => {
    const m = await signedInMember();
    await recordReadLog(m.id, { article_id: 7, read_type: 2, time_track: 95 }, new Date(Date.now() - 60_000));
    await recordReadLog(m.id, { article_id: 205, read_type: 2, time_track: 42 });
    // Reading text later does not change what to listen to.
    await recordReadLog(m.id, { article_id: 9, read_type: 1, idx: 3 });
    const res = await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id', {}, m.auth);
    expect(res.body.data).toMatchObject({
      novel_id: 2,
      article_id: 205,
      time_track: 42,
      source: 'readlog',
      title: (await novelRow(2)).title,
    });
  });

  it('a member who has only read, or whose listened novel went off shelf, gets the must_listen pick', async () => {
    const reader = await signedInMember();
    await recordReadLog(reader.id, { article_id: 3, read_type: 1, idx: 2 });
    expect((await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id', {}, reader.auth)).body.data).toMatchObject({
      source: 'must_listen',
      novel_id: topMustListen.id,
    });
    const listener = await signedInMember();
    const [offShelfChapter] = (await db.handle().db.execute(sql`select first_article_id as id from novels where id = 5`)).rows as Array<{
      id: number;
    }>;
    await db
      .handle()
      .db.insert(readLogs)
      .values({ memberId: listener.id, novelId: 5, articleId: offShelfChapter!.id, readType: 2, timeTrack: 10 });
    expect((await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id', {}, listener.auth)).body.data).toMatchObject({
      source: 'must_listen',
    });
  });

  it('Tibetan has nothing to listen to: 404 in Chinese', async () => {
    const res = await get(guide, '/v1/tts/readlogs_tts/guide_novel_article_id?language_type=2');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 40400, message: '暂无可收听的书' });
  });

  it.each(['?language_type=5', '?gender=9', '?gender=abc'])('refuses %s in Chinese', async (qs) => {
    await expectRefused(await get(guide, `/v1/tts/readlogs_tts/guide_novel_article_id${qs}`));
  });
});

describe("home's 听书 tab cards", () => {
  it('carry each novel’s chapter count and how many members listened (read_type 2 only, each member once)', async () => {
    const home = await getListenHome(1);
    const first = home.sections[0]!.novels[0]!;
    const row = await novelRow(first.id);
    expect(first.article_count).toBe(row.articleCount);
    const before = first.listeners;
    const [a, b] = [await signedInMember(), await signedInMember()];
    await recordReadLog(a.id, { article_id: row.firstArticleId!, read_type: 2, time_track: 5 });
    await recordReadLog(a.id, { article_id: row.firstArticleId!, read_type: 2, time_track: 9 });
    await recordReadLog(b.id, { article_id: row.firstArticleId!, read_type: 2, time_track: 1 });
    // Reading the text is not listening.
    await recordReadLog((await signedInMember()).id, { article_id: row.firstArticleId!, read_type: 1, idx: 0 });
    const after = (await getListenHome(1)).sections[0]!.novels.find((n) => n.id === first.id)!;
    expect(after.listeners).toBe(before + 2);
  });
});
