import { count, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { chapters, novels } from '@/lib/server/db/schema';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listLibrary } from '@/lib/server/catalog/discovery';

// The library sorted by popularity (what /m/library shows by default).
const listPopularNovels = (o: { languageType: number; start: number; limit: number }) => listLibrary({ ...o, sort: 'popular' });
import { isEmpty, seedIfEmpty } from '@/lib/server/boot/seed';

const db = useTestDatabase({ seed: true });

describe('seeded demo catalogue', () => {
  it('holds the fixtures the README promises', async () => {
    const { db: d } = db.handle();
    const fixture = async (id: number) => (await d.select().from(novels).where(eq(novels.id, id)))[0]!;
    const chapterStats = async (id: number) =>
      (
        await d.execute(
          sql`select count(*)::int as n, count(*) filter (where is_free)::int as free, max(idx) filter (where is_free)::int as last_free from chapters where novel_id = ${id}`,
        )
      ).rows[0] as { n: number; free: number; last_free: number };

    const n1 = await fixture(1);
    expect(n1).toMatchObject({ languageType: 1, status: 0, hasTts: true, articleCount: 200, isOffShelf: false });
    expect(await chapterStats(1)).toEqual({ n: 200, free: 20, last_free: 20 });

    const n2 = await fixture(2);
    expect(n2).toMatchObject({ languageType: 1, status: 1, articleCount: 3000 });
    expect((await chapterStats(2)).n).toBe(3000);

    expect(await fixture(3)).toMatchObject({ languageType: 0, hasTts: true });
    expect(await fixture(4)).toMatchObject({ languageType: 2, hasTts: false });
    expect(await fixture(5)).toMatchObject({ isOffShelf: true });
    expect(await fixture(6)).toMatchObject({ saleMode: 'whole_book' });
  });

  it('keeps word and article counts in step with the chapters', async () => {
    const { db: d } = db.handle();
    const rows = (
      await d.execute(sql`
      select n.id from novels n join chapters c on c.novel_id = n.id
      group by n.id having n.article_count <> count(*) or n.word_count <> sum(c.word_count)
        or n.first_article_id <> min(c.id) or n.latest_article_id <> max(c.id)`)
    ).rows;
    expect(rows).toEqual([]);
  });

  it('new rows do not collide with the seeded ids', async () => {
    const { db: d } = db.handle();
    const [max] = await d.select({ n: count() }).from(chapters);
    const [row] = await d
      .insert(chapters)
      .values({ novelId: 1, idx: 9999, title: '番外', content: '番外内容', wordCount: 4 })
      .returning({ id: chapters.id });
    expect(row!.id).toBeGreaterThan(max!.n);
    await d.delete(chapters).where(eq(chapters.id, row!.id));
  });

  it('does not seed twice', async () => {
    expect(await isEmpty(db.handle().db)).toBe(false);
    expect(await seedIfEmpty(db.handle().db, () => undefined)).toBe(false);
  });
});

describe('getNovelOrThrow', () => {
  it('returns the detail DTO with author, category and latest chapter', async () => {
    const novel = await getNovelOrThrow(1);
    expect(novel).toMatchObject({ id: 1, article_count: 200, has_tts: true, status: 0, language_type: 1, first_article_id: 1 });
    expect(novel.latest_article).toMatchObject({ id: 200, idx: 200 });
    expect(typeof novel.updated_at).toBe('string');
    expect(novel.author.name.length).toBeGreaterThan(0);
  });

  it('answers 90401 for an off-shelf novel and 40400 for a missing one', async () => {
    await expect(getNovelOrThrow(5)).rejects.toMatchObject({ code: 90401, status: 410 });
    await expect(getNovelOrThrow(999_999)).rejects.toMatchObject({ code: 40400, status: 404, message: '小说不存在' });
  });
});

describe('listLibrary by popularity', () => {
  it('pages by popularity within one language and never lists off-shelf novels', async () => {
    const first = await listPopularNovels({ languageType: 1, start: 0, limit: 20 });
    expect(first.data).toHaveLength(20);
    expect(first.hasmore).toBe(true);
    expect(first.data[0]!.id).toBe(1);
    expect(first.data.every((n) => n.language_type === 1)).toBe(true);
    expect(first.data.some((n) => n.id === 5)).toBe(false);
    const second = await listPopularNovels({ languageType: 1, start: 20, limit: 20 });
    expect(second.data.map((n) => n.id)).not.toContain(first.data[19]!.id);
  });

  it('sets hasmore false on a short last page', async () => {
    const tibetan = await listPopularNovels({ languageType: 2, start: 0, limit: 20 });
    expect(tibetan.data.length).toBeLessThan(20);
    expect(tibetan.hasmore).toBe(false);
    expect(tibetan.total).toBe(tibetan.data.length);
  });
});
