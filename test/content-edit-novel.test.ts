import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/route';
import { signedInMember } from '@/test/members';
import { getDb, type Tx } from '@/lib/server/db/client';
import { chapters, novelTags, tags } from '@/lib/server/db/schema';
import { can } from '@/lib/server/core/roles';
import { priceChapterRange, setNovelShelf } from '@/lib/server/content/edit';
import { credit } from '@/lib/server/wallet/credit';
import { GET as novelRoute } from '@/app/v1/novels/[nid]/route';
import { GET as catalogRoute } from '@/app/v1/novels/[nid]/catalog/route';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as searchRoute } from '@/app/v1/search/route';
import { POST as buyRoute } from '@/app/v1/novels/[nid]/buy/route';
import NovelsPage from '@/app/admin/content/novels/page';
import NovelPage from '@/app/admin/content/novels/[nid]/page';
import ChaptersPage from '@/app/admin/content/novels/[nid]/chapters/page';
import { actorOf, auditCount, auditOf, flashOf, makeNovel, novelRow, post, signInStaff } from './content-edit-fixtures';

// Editing a novel (docs/content.md "Editing"): admins and editors only, every write audited with before and after,
// bad input refused in Chinese with nothing written; off shelf answers 90401 on the reader paths.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const html = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<!-- -->/g, '');

let book: { id: number; chapterIds: number[] };
beforeAll(async () => {
  await signInStaff();
  book = await makeNovel(12, '山海新编');
});

const novelApi = (id: number) => callRoute(novelRoute, { url: `/v1/novels/${id}`, params: { nid: String(id) } }) as Promise<Any>;

it('is for admins and editors: the permission, the navigation link and the pages', async () => {
  expect(can('admin', 'content')).toBe(true);
  expect(can('editor', 'content')).toBe(true);
  expect(can('moderator', 'content')).toBe(false);
  expect(can('finance', 'content')).toBe(false);
  const list = html(await NovelsPage({ searchParams: Promise.resolve({ q: '山海新编' }) }));
  expect(list).toContain('<a href="/admin/content/novels" aria-current="page">内容</a>');
  // Off-shelf novels are found too, by title, by author and by id.
  expect(list).toContain(`<a href="/admin/content/novels/${book.id}">山海新编</a>`);
  expect(list).toContain('已下架');
  expect(html(await NovelsPage({ searchParams: Promise.resolve({ q: String(book.id) }) }))).toContain('山海新编');
  expect(html(await NovelsPage({ searchParams: Promise.resolve({ q: '测试作者' }) }))).toContain('山海新编');
  expect(html(await NovelsPage({ searchParams: Promise.resolve({ q: '%' }) }))).toContain('没有找到小说');
  const page = html(await NovelPage({ params: Promise.resolve({ nid: String(book.id) }), searchParams: Promise.resolve({}) }));
  expect(page).toContain('name="op" value="range"');
  expect(page).toContain('上架');
  const chapterList = html(await ChaptersPage({ params: Promise.resolve({ nid: String(book.id) }), searchParams: Promise.resolve({}) }));
  expect(chapterList).toContain(`href="/admin/content/chapters/${book.chapterIds[0]}"`);
  expect(chapterList).toContain('data-testid="chapter-12"');
});

it('refuses moderators and finance staff on every action, writing nothing', async () => {
  const before = await novelRow(book.id);
  const audits = await auditCount();
  const forms: Record<string, string>[] = [
    { op: 'shelf', id: String(book.id), off: '0' },
    { op: 'range', id: String(book.id), from: '1', to: '5', free: 'on' },
    { op: 'sale', id: String(book.id), sale_mode: 'free' },
    { op: 'chapter', id: String(book.chapterIds[0]), title: '改', content: '改了', free: 'on' },
    { op: 'create', id: String(book.id), title: '新章', content: '新的', free: 'on' },
    { op: 'schedule', id: String(book.chapterIds[0]), publish_at: '' },
  ];
  for (const role of ['moderator', 'finance'])
    for (const form of forms) expect(flashOf(await post(form, role))).toBe('/admin 当前角色无权进行此操作');
  expect(await novelRow(book.id)).toEqual(before);
  expect(await auditCount()).toBe(audits);
  await expect(setNovelShelf(actorOf('moderator'), book.id, false)).rejects.toThrow();
  await expect(priceChapterRange(actorOf('finance'), book.id, { from: 1, to: 2, free: true, price: 0 })).rejects.toThrow();
});

it('bulk pricing by range: 1–10 free, 11–12 at 15 coins; audited as runs', async () => {
  expect(flashOf(await post({ op: 'range', id: String(book.id), from: '1', to: '10', free: 'on' }))).toBe(
    '/admin/content/novels 已设置 10 个章节',
  );
  expect(flashOf(await post({ op: 'range', id: String(book.id), from: '11', to: '12', price: '15' }))).toBe(
    '/admin/content/novels 已设置 2 个章节',
  );
  const rows = await getDb()
    .select({ idx: chapters.idx, isFree: chapters.isFree, price: chapters.price })
    .from(chapters)
    .where(eq(chapters.novelId, book.id))
    .orderBy(asc(chapters.idx));
  expect(rows.filter((r) => r.isFree).map((r) => r.idx)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(rows.filter((r) => !r.isFree)).toEqual([
    { idx: 11, isFree: false, price: 15 },
    { idx: 12, isFree: false, price: 15 },
  ]);
  const audits = await auditOf('novel.pricing');
  expect(audits[0]!.detail).toEqual({
    range: { from: 1, to: 10 },
    before: [{ from: 1, to: 10, isFree: false, price: 10 }],
    after: { isFree: true, price: 0 },
    chapters: 10,
  });
  expect(audits[1]!.detail).toMatchObject({ range: { from: 11, to: 12 }, after: { isFree: false, price: 15 } });
});

it('refuses bad ranges and prices in Chinese, writing nothing', async () => {
  const audits = await auditCount();
  const cases: Array<[Record<string, string>, string]> = [
    [{ from: '5', to: '3', free: 'on' }, '章节范围无效'],
    [{ from: '0', to: '3', free: 'on' }, '章节范围无效'],
    [{ from: '1', to: '13', free: 'on' }, '章节范围无效'],
    [{ from: 'a', to: '3', free: 'on' }, '章节范围无效'],
    [{ from: '1', to: '3', price: '0' }, '每章价格'],
    [{ from: '1', to: '3', price: '1001' }, '每章价格'],
    [{ from: '1', to: '3', price: '2.5' }, '每章价格'],
    [{ from: '1', to: '3' }, '每章价格'],
  ];
  for (const [fields, message] of cases) expect(flashOf(await post({ op: 'range', id: String(book.id), ...fields }))).toContain(message);
  expect(flashOf(await post({ op: 'range', id: '99999', from: '1', to: '1', free: 'on' }))).toContain('小说不存在');
  expect(flashOf(await post({ op: 'explode', id: String(book.id) }))).toContain('操作无效');
  expect(await auditCount()).toBe(audits);
});

it('edits metadata: audited with only the changed fields before and after; search finds the new title', async () => {
  const before = await novelRow(book.id);
  const res = await post({
    op: 'meta',
    id: String(book.id),
    title: '山海新编·修订',
    summary: '一段新简介',
    author: '新作者',
    category_id: String(before.categoryId),
    tags: '玄幻，热血 冒险',
    language_type: '1',
    gender: '1',
    copyright_holder: '书声文学',
    editor: '小王',
    cover_tag: '独家',
    status: '1',
  });
  expect(flashOf(res)).toBe('/admin/content/novels 已保存《山海新编·修订》');
  const after = await novelRow(book.id);
  expect(after).toMatchObject({
    title: '山海新编·修订',
    status: 1,
    tags: ['玄幻', '热血', '冒险'],
    coverTag: '独家',
    copyrightHolder: '书声文学',
  });
  expect(after.authorId).not.toBe(before.authorId);
  const tagRows = await getDb()
    .select({ name: tags.name })
    .from(novelTags)
    .innerJoin(tags, eq(tags.id, novelTags.tagId))
    .where(eq(novelTags.novelId, book.id));
  expect(tagRows.map((t) => t.name).sort()).toEqual(['冒险', '热血', '玄幻'].sort());
  const [audit] = await auditOf('novel.update');
  expect(audit).toMatchObject({ targetType: 'novel', targetId: book.id });
  expect(audit!.detail).toMatchObject({ before: { title: '山海新编', status: 0 }, after: { title: '山海新编·修订', status: 1 } });
  expect(Object.keys((audit!.detail as Any).after).sort()).toEqual(
    ['authorId', 'copyrightHolder', 'coverTag', 'editor', 'status', 'summary', 'tags', 'title'].sort(),
  );
  // The search text follows the trigger, on shelf only: found once published (below).
  const bad: Array<[Record<string, string>, string]> = [
    [{ title: '' }, '书名'],
    [{ author: '' }, '作者'],
    [{ category_id: '999999' }, '分类不存在'],
    [{ language_type: '7' }, '语言无效'],
    [{ status: '3' }, '连载状态无效'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `标签${i}`).join(',') }, '标签最多'],
  ];
  const audits = await auditCount();
  for (const [fields, message] of bad)
    expect(
      flashOf(
        await post({
          op: 'meta',
          id: String(book.id),
          title: 'x',
          author: 'y',
          category_id: String(before.categoryId),
          language_type: '1',
          gender: '1',
          status: '0',
          ...fields,
        }),
      ),
    ).toContain(message);
  expect(await auditCount()).toBe(audits);
  expect((await novelRow(book.id)).title).toBe('山海新编·修订');
});

it('sale mode: whole book with a price, a limited-time free window with a start; refusals', async () => {
  const bad: Array<[Record<string, string>, string]> = [
    [{ sale_mode: 'barter' }, '售卖方式无效'],
    [{ sale_mode: 'whole_book' }, '全本价格'],
    [{ sale_mode: 'whole_book', whole_book_price: '0' }, '全本价格'],
    [{ sale_mode: 'chapter', free_from: '2030-01-02 00:00', free_until: '2030-01-01 00:00' }, '结束时间须晚于开始时间'],
    [{ sale_mode: 'chapter', free_until: '2030-02-30 00:00' }, '时间格式'],
  ];
  for (const [fields, message] of bad) expect(flashOf(await post({ op: 'sale', id: String(book.id), ...fields }))).toContain(message);
  expect(await auditOf('novel.pricing')).toHaveLength(2);
  expect(
    flashOf(
      await post({
        op: 'sale',
        id: String(book.id),
        sale_mode: 'whole_book',
        whole_book_price: '300',
        free_from: '2030-01-01 08:00',
        free_until: '2030-01-08 08:00',
        vip_free: 'on',
      }),
    ),
  ).toContain('已更新《山海新编·修订》的售卖方式');
  const row = await novelRow(book.id);
  expect(row).toMatchObject({ saleMode: 'whole_book', wholeBookPrice: 300, vipFree: true });
  expect(row.freeFrom!.toISOString()).toBe('2030-01-01T00:00:00.000Z');
  expect(row.freeUntil!.toISOString()).toBe('2030-01-08T00:00:00.000Z');
  const audit = (await auditOf('novel.pricing')).at(-1)!;
  expect(audit.detail).toMatchObject({
    before: { saleMode: 'chapter', wholeBookPrice: null, vipFree: false },
    after: { saleMode: 'whole_book', wholeBookPrice: 300 },
  });
  // Back to per chapter, no window: the rest of the tests buy chapters.
  await post({ op: 'sale', id: String(book.id), sale_mode: 'chapter' });
  expect(await novelRow(book.id)).toMatchObject({
    saleMode: 'chapter',
    freeFrom: null,
    freeUntil: null,
    vipFree: false,
    wholeBookPrice: null,
  });
});

it('off shelf answers 90401 on the reader paths; 上架 publishes; the reader finds it, reads chapter 1 and buys chapter 11', async () => {
  expect((await novelApi(book.id)).body.code).toBe(90401);
  const catalog = (await callRoute(catalogRoute, { url: `/v1/novels/${book.id}/catalog`, params: { nid: String(book.id) } })) as Any;
  expect(catalog.body.code).toBe(90401);
  expect(flashOf(await post({ op: 'shelf', id: String(book.id), off: '0' }))).toBe('/admin/content/novels 《山海新编·修订》已上架');
  expect((await auditOf('novel.shelf')).at(-1)!.detail).toEqual({ before: { isOffShelf: true }, after: { isOffShelf: false } });
  const detail = await novelApi(book.id);
  expect(detail.status).toBe(200);
  expect(detail.body.data).toMatchObject({ title: '山海新编·修订', article_count: 12, status: 1 });
  const found = (await callRoute(searchRoute, { url: `/v1/search?keyword=${encodeURIComponent('山海新编')}&language_type=1` })) as Any;
  expect(found.body.data.data.map((n: Any) => n.id)).toContain(book.id);
  const one = (await callRoute(readRoute, { url: `/v1/read/${book.chapterIds[0]}`, params: { id: String(book.chapterIds[0]) } })) as Any;
  expect(one.body.data).toMatchObject({ access: 'free', locked: false });
  const m = await signedInMember();
  await getDb().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'test_grant', source: 'bonus', welth: 100 }));
  const buy = (await callRoute(buyRoute, {
    method: 'POST',
    url: `/v1/novels/${book.id}/buy`,
    params: { nid: String(book.id) },
    body: { aid: book.chapterIds[10] },
    headers: m.auth,
  })) as Any;
  expect(buy.status).toBe(200);
  expect(buy.body.data).toMatchObject({ charged: 15 });
  // Off again: every reader path answers 90401 once more.
  expect(flashOf(await post({ op: 'shelf', id: String(book.id), off: '1' }))).toContain('已下架');
  expect((await novelApi(book.id)).body.code).toBe(90401);
  const read = (await callRoute(readRoute, { url: `/v1/read/${book.chapterIds[0]}`, params: { id: String(book.chapterIds[0]) } })) as Any;
  expect(read.body.code).toBe(90401);
  await post({ op: 'shelf', id: String(book.id), off: '0' });
});

it('a novel without a published chapter cannot go on shelf', async () => {
  const empty = await makeNovel(0, '空书');
  expect(flashOf(await post({ op: 'shelf', id: String(empty.id), off: '0' }))).toContain('还没有已发布的章节');
  expect((await novelRow(empty.id)).isOffShelf).toBe(true);
  expect(
    (
      await getDb()
        .select()
        .from(chapters)
        .where(and(eq(chapters.novelId, empty.id)))
    ).length,
  ).toBe(0);
});
