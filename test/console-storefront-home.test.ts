import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/route';
import { lists, novels, rankings, richListItems, richLists, webLayoutBlocks, webLayoutPages } from '@/lib/server/db/schema';
import { addCarouselItem } from '@/lib/server/staff/storefront/carousels';
import { addLayoutBlock } from '@/lib/server/staff/storefront/layouts';
import type { LayoutBlock, LayoutPageDto } from '@/lib/server/catalog/layouts';
import type { RichItemDto } from '@/lib/server/catalog/lists';
import { GET as getRich } from '@/app/v1/lists/rich/[id]/route';
import { GET as getLayout } from '@/app/v1/web_layouts/route';
import { GET as getLayoutPages } from '@/app/v1/web_layouts/pages/route';
import { POST as carouselsRoute } from '@/app/admin/actions/storefront/carousels/route';
import { POST as layoutsRoute } from '@/app/admin/actions/storefront/layouts/route';
import CarouselsPage from '@/app/admin/storefront/carousels/page';
import LayoutsPage from '@/app/admin/storefront/layouts/page';
import { actors, auditCount, auditOf, d, droppedTags, flashOf, novelWhere, poster, signInEveryRole } from './console-storefront';

// The storefront console's carousels and home layouts (docs/storefront.md): links only site paths or http(s),
// novels on the shelf in the carousel's language, blocks pointing only at their own language's lists; every write
// audited and the reader's home (GET /v1/web_layouts, /v1/lists/rich) showing it on the next request.
jest.mock('next/cache', () => ({ revalidateTag: jest.fn() }));
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTestDatabase({ seed: true });
beforeAll(signInEveryRole);

const postCarousel = poster(carouselsRoute, '/admin/actions/storefront/carousels', '/admin/storefront/carousels');
const postLayout = poster(layoutsRoute, '/admin/actions/storefront/layouts', '/admin/storefront/layouts');
const html = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<!-- -->/g, '');

async function sharedCarousel(lang = 1, readType = 1) {
  const [row] = await d()
    .select()
    .from(richLists)
    .where(and(eq(richLists.slug, 'carousel'), eq(richLists.languageType, lang), eq(richLists.readType, readType)));
  return row!;
}
const slides = async (richListId: number) =>
  d().select().from(richListItems).where(eq(richListItems.richListId, richListId)).orderBy(asc(richListItems.position));
const readerCarousel = async (key: string, readType = 1) =>
  (await callRoute<{ data: RichItemDto[] }>(getRich, { url: `/v1/lists/rich/${key}?read_type=${readType}`, params: { id: key } })).body
    .data!.data;
const readerLayout = async (pageId: number, lang = 1) =>
  (
    await callRoute<{ page: LayoutPageDto; blocks: LayoutBlock[] }>(getLayout, {
      url: `/v1/web_layouts?page_id=${pageId}&language_type=${lang}`,
    })
  ).body.data!;
const firstPage = async () => (await d().select().from(webLayoutPages).orderBy(asc(webLayoutPages.sort), asc(webLayoutPages.id)))[0]!;
const blocksOf = async (pageId: number, lang = 1) =>
  d()
    .select()
    .from(webLayoutBlocks)
    .where(and(eq(webLayoutBlocks.pageId, pageId), eq(webLayoutBlocks.languageType, lang)))
    .orderBy(asc(webLayoutBlocks.position));

const SLIDE = { title: '编辑推荐·新书', banner: '/promo/ad-vip.svg', summary: '本周上新', link: '/m/free', novel_id: '' };

describe('carousels', () => {
  it('adds a slide: audited, caches dropped, first on the reader carousel after moving it up', async () => {
    const rich = await sharedCarousel();
    let res: Response | undefined;
    const tags = await droppedTags(async () => (res = await postCarousel({ op: 'add', id: rich.id, ...SLIDE })));
    expect(flashOf(res!)).toBe('/admin/storefront/carousels 已添加「编辑推荐·新书」');
    expect(tags).toEqual(expect.arrayContaining(['lists', 'layouts']));
    const rows = await slides(rich.id);
    const added = rows.at(-1)!;
    expect(added).toMatchObject({
      title: '编辑推荐·新书',
      banner: '/promo/ad-vip.svg',
      link: '/m/free',
      novelId: null,
      position: rows.length - 1,
    });
    expect((await auditOf('storefront.carousel.add')).at(-1)).toMatchObject({
      targetId: rich.id,
      detail: { item: added.id, after: { link: '/m/free' } },
    });
    // Up to the top, one step at a time, as the console's buttons do.
    for (let i = 0; i < rows.length - 1; i++) await postCarousel({ op: 'move', item_id: added.id, dir: 'up' });
    expect((await slides(rich.id))[0]!.id).toBe(added.id);
    expect((await readerCarousel('carousel.1'))[0]).toMatchObject({ id: added.id, title: '编辑推荐·新书', link: '/m/free' });
    expect((await auditOf('storefront.carousel.move')).at(-1)!.detail).toMatchObject({ item: added.id });
  });

  it('edits a slide to point at a novel (before and after in the audit) and removes it', async () => {
    const rich = await sharedCarousel();
    const [item] = await slides(rich.id);
    const [novel] = await novelWhere(eq(novels.languageType, 1), eq(novels.isOffShelf, false));
    expect(
      flashOf(
        await postCarousel({ op: 'update', item_id: item!.id, ...SLIDE, title: '改过的标题', link: '', novel_id: String(novel!.id) }),
      ),
    ).toContain('已保存「改过的标题」');
    expect((await auditOf('storefront.carousel.update')).at(-1)!.detail).toMatchObject({
      before: { title: '编辑推荐·新书', link: '/m/free', novelId: null },
      after: { title: '改过的标题', link: `/m/novels/${novel!.id}`, novelId: novel!.id },
    });
    expect((await readerCarousel('carousel.1'))[0]).toMatchObject({ title: '改过的标题', novel: { id: novel!.id } });
    const page = html(await CarouselsPage({ searchParams: Promise.resolve({ id: String(rich.id) }) }));
    expect(page).toContain(`data-testid="slide-${item!.id}"`);
    expect(page).toContain(`《${novel!.title}》#${novel!.id}`);
    expect(flashOf(await postCarousel({ op: 'remove', item_id: item!.id }))).toContain('已删除「改过的标题」');
    expect((await readerCarousel('carousel.1')).map((s) => s.id)).not.toContain(item!.id);
    expect((await slides(rich.id)).map((s) => s.position)).toEqual([...Array((await slides(rich.id)).length).keys()]);
    expect((await auditOf('storefront.carousel.remove')).at(-1)!.detail).toMatchObject({ item: item!.id, before: { title: '改过的标题' } });
  });

  it.each([
    [{ link: 'javascript:alert(1)' }, '链接只能是'],
    [{ link: '//evil.example/x' }, '链接只能是'],
    [{ link: 'data:text/html,hi' }, '链接只能是'],
    [{ link: '/\tevil.example' }, '链接只能是'],
    [{ link: 'https://user:pw@evil.example/' }, '链接只能是'],
    [{ banner: 'javascript:x' }, '图片只能是'],
    [{ banner: 'http://plain.example/a.png' }, '图片只能是'],
    [{ banner: '' }, '图片只能是'],
    [{ title: '' }, '标题不能为空'],
    [{ link: '', novel_id: '' }, '请填写链接或作品 ID'],
    [{ novel_id: '99999999' }, '不存在'],
    [{ novel_id: 'x1' }, '编号无效'],
  ])('refuses the slide %j and writes nothing', async (fields, message) => {
    const rich = await sharedCarousel();
    const before = { n: (await slides(rich.id)).length, audits: await auditCount() };
    expect(flashOf(await postCarousel({ op: 'add', id: rich.id, ...SLIDE, ...fields }))).toContain(message);
    expect((await slides(rich.id)).length).toBe(before.n);
    expect(await auditCount()).toBe(before.audits);
  });

  it('refuses off-shelf, other-language and (on a listening carousel) unvoiced novels', async () => {
    const [off] = await novelWhere(eq(novels.isOffShelf, true));
    const [ug] = await novelWhere(eq(novels.languageType, 0), eq(novels.isOffShelf, false));
    const [silent] = await novelWhere(eq(novels.languageType, 1), eq(novels.isOffShelf, false), eq(novels.hasTts, false));
    const text = await sharedCarousel(1, 1);
    const audio = await sharedCarousel(1, 2);
    expect(flashOf(await postCarousel({ op: 'add', id: text.id, ...SLIDE, novel_id: String(off!.id) }))).toContain('已下架');
    expect(flashOf(await postCarousel({ op: 'add', id: text.id, ...SLIDE, novel_id: String(ug!.id) }))).toContain('不是这个列表的语言');
    expect(flashOf(await postCarousel({ op: 'add', id: audio.id, ...SLIDE, novel_id: String(silent!.id) }))).toContain('没有听书');
  });

  it('creates a carousel with a checked slug', async () => {
    expect(flashOf(await postCarousel({ op: 'create', name: '春节活动', slug: 'spring', language_type: 1, read_type: 1 }))).toContain(
      '已新建轮播「春节活动」',
    );
    expect(flashOf(await postCarousel({ op: 'create', name: '重复', slug: 'spring', language_type: 1, read_type: 1 }))).toContain(
      '已有同样标识',
    );
    expect(flashOf(await postCarousel({ op: 'create', name: '坏', slug: '../x', language_type: 1, read_type: 1 }))).toContain('标识只能是');
    expect((await auditOf('storefront.carousel.create')).length).toBe(1);
  });

  it('deletes a carousel no home block names (audited with its slides); refuses the shared one and one in use', async () => {
    const [spring] = await d().select().from(richLists).where(eq(richLists.slug, 'spring'));
    const [male] = await d()
      .select()
      .from(richLists)
      .where(and(eq(richLists.slug, 'carousel_male'), eq(richLists.languageType, 1)));
    await postCarousel({ op: 'add', id: spring!.id, ...SLIDE });
    const audits = await auditCount();
    expect(flashOf(await postCarousel({ op: 'delete', id: (await sharedCarousel()).id }))).toContain('不能删除');
    expect(flashOf(await postCarousel({ op: 'delete', id: male!.id }))).toContain('该列表仍被首页模块使用');
    expect(flashOf(await postCarousel({ op: 'delete', id: spring!.id }, 'finance'))).toContain('无权');
    expect(await auditCount()).toBe(audits);
    expect(flashOf(await postCarousel({ op: 'delete', id: spring!.id }))).toContain('已删除「春节活动」');
    expect((await auditOf('storefront.carousel.delete')).at(-1)!.detail).toMatchObject({
      before: { slug: 'spring', items: [{ title: '编辑推荐·新书', link: '/m/free' }] },
    });
    expect(await slides(spring!.id)).toEqual([]);
    const gone = await callRoute(getRich, { url: `/v1/lists/rich/${spring!.id}`, params: { id: String(spring!.id) } });
    expect(gone.status).toBe(404);
  });

  it('refuses moderators and finance staff, writing nothing', async () => {
    const rich = await sharedCarousel();
    const before = { n: (await slides(rich.id)).length, audits: await auditCount() };
    for (const role of ['moderator', 'finance']) {
      expect(flashOf(await postCarousel({ op: 'add', id: rich.id, ...SLIDE }, role))).toBe('/admin 当前角色无权进行此操作');
      const [first] = await slides(rich.id);
      expect(flashOf(await postCarousel({ op: 'remove', item_id: first!.id }, role))).toContain('无权');
      await expect(
        addCarouselItem(actors[role]!, rich.id, { title: 'x', banner: '/a.png', summary: '', link: '/m', novelId: null }),
      ).rejects.toThrow('无权');
    }
    expect((await slides(rich.id)).length).toBe(before.n);
    expect(await auditCount()).toBe(before.audits);
  });
});

describe('home layouts', () => {
  it('adds a list block at the bottom of the channel in one language; the reader home shows it', async () => {
    const page = await firstPage();
    const [list] = await d()
      .select()
      .from(lists)
      .where(and(eq(lists.slug, 'free'), eq(lists.languageType, 1)));
    let res: Response | undefined;
    const tags = await droppedTags(
      async () =>
        (res = await postLayout({
          op: 'add',
          page_id: page.id,
          language_type: 1,
          kind: 'grid',
          title: '免费专区',
          target: `l:${list!.id}`,
        })),
    );
    expect(flashOf(res!)).toBe('/admin/storefront/layouts 已添加模块「免费专区」');
    expect(tags).toEqual(expect.arrayContaining(['layouts', `layout:${page.id}`]));
    const blocks = await blocksOf(page.id);
    expect(blocks.at(-1)).toMatchObject({ kind: 'grid', title: '免费专区', listId: list!.id, position: blocks.length - 1 });
    const reader = await readerLayout(page.id);
    expect(reader.blocks.at(-1)).toMatchObject({ kind: 'grid', title: '免费专区', list_id: list!.id });
    expect((await auditOf('storefront.layout.add')).at(-1)).toMatchObject({
      targetId: blocks.at(-1)!.id,
      detail: { pageId: page.id, languageType: 1 },
    });
    // Other languages' pages are untouched.
    expect((await blocksOf(page.id, 0)).map((b) => b.title)).not.toContain('免费专区');
  });

  it('moves the block to the top, retitles it (before and after) and deletes it', async () => {
    const page = await firstPage();
    const block = (await blocksOf(page.id)).at(-1)!;
    const count = (await blocksOf(page.id)).length;
    for (let i = 0; i < count - 1; i++) await postLayout({ op: 'move', block_id: block.id, dir: 'up' });
    expect((await blocksOf(page.id))[0]!.id).toBe(block.id);
    expect((await readerLayout(page.id)).blocks[0]).toMatchObject({ id: block.id, title: '免费专区' });
    expect(
      flashOf(await postLayout({ op: 'update', block_id: block.id, kind: 'list', title: '免费好书', target: `l:${block.listId}` })),
    ).toContain('已保存模块「免费好书」');
    expect((await auditOf('storefront.layout.update')).at(-1)!.detail).toMatchObject({
      before: { kind: 'grid', title: '免费专区' },
      after: { kind: 'list', title: '免费好书', listId: block.listId },
    });
    expect((await readerLayout(page.id)).blocks[0]).toMatchObject({ kind: 'list', title: '免费好书' });
    const consolePage = html(await LayoutsPage({ searchParams: Promise.resolve({ page: String(page.id), lang: '1' }) }));
    expect(consolePage).toContain(`data-testid="block-${block.id}"`);
    // The target select names lists, carousels and rankings apart, since their ids may be the same number.
    expect(consolePage).toContain(`<option value="l:${block.listId}" selected="">`);
    expect(flashOf(await postLayout({ op: 'remove', block_id: block.id }))).toContain('已删除模块「免费好书」');
    expect((await readerLayout(page.id)).blocks.map((b) => b.id)).not.toContain(block.id);
    expect((await blocksOf(page.id)).map((b) => b.position)).toEqual([...Array(count - 1).keys()]);
    expect((await auditOf('storefront.layout.remove')).at(-1)!.detail).toMatchObject({ before: { title: '免费好书' } });
  });

  it('renames a channel page and reorders the channels', async () => {
    const page = await firstPage();
    expect(flashOf(await postLayout({ op: 'page', page_id: page.id, title: '男频', sort: 50 }))).toContain('已保存频道「男频」');
    expect((await auditOf('storefront.layout.page')).at(-1)!.detail).toEqual({
      before: { title: page.title, sort: page.sort },
      after: { title: '男频', sort: 50 },
    });
    const pages = (await callRoute<LayoutPageDto[]>(getLayoutPages, { url: '/v1/web_layouts/pages' })).body.data!;
    expect(pages.at(-1)).toMatchObject({ id: page.id, title: '男频' });
  });

  it('refuses targets of another language, missing targets, unknown kinds and bad sort numbers, writing nothing', async () => {
    const page = await firstPage();
    const [ugList] = await d().select().from(lists).where(eq(lists.languageType, 0));
    const [ugCarousel] = await d().select().from(richLists).where(eq(richLists.languageType, 0));
    const [audioCarousel] = await d()
      .select()
      .from(richLists)
      .where(and(eq(richLists.languageType, 1), eq(richLists.readType, 2)));
    const [ranking] = await d().select().from(rankings);
    const before = { n: (await d().select({ n: count() }).from(webLayoutBlocks))[0]!.n, audits: await auditCount() };
    const add = { op: 'add', page_id: page.id, language_type: 1, title: '坏模块' };
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ ...add, kind: 'list', target: `l:${ugList!.id}` }, '所选内容不存在或语言不符'],
      [{ ...add, kind: 'list', target: `r:${ranking!.id}` }, '所选内容不存在或语言不符'],
      [{ ...add, kind: 'carousel', target: `c:${ugCarousel!.id}` }, '所选内容不存在或语言不符'],
      [{ ...add, kind: 'carousel', target: `c:${audioCarousel!.id}` }, '所选内容不存在或语言不符'],
      [{ ...add, kind: 'list', target: '' }, '请为该模块选择内容'],
      [{ ...add, kind: 'ranking', target: 'r:99999999' }, '所选内容不存在或语言不符'],
      [{ ...add, kind: 'script', target: `r:${ranking!.id}` }, '模块类型不正确'],
      [{ ...add, kind: 'list', target: '-3' }, '编号无效'],
      [{ ...add, kind: 'list', target: 'l:1;drop' }, '编号无效'],
      [{ ...add, kind: 'list', target: '3' }, '编号无效'],
      [{ ...add, page_id: 99999999, kind: 'categories', target: '' }, '频道不存在'],
      [{ ...add, language_type: 5, kind: 'categories', target: '' }, '语言不正确'],
      [{ op: 'page', page_id: page.id, title: 'x', sort: '-1' }, '排序须是'],
      [{ op: 'move', block_id: 99999999, dir: 'up' }, '模块不存在'],
    ];
    for (const [fields, message] of cases) expect(flashOf(await postLayout(fields))).toContain(message);
    expect((await d().select({ n: count() }).from(webLayoutBlocks))[0]!.n).toBe(before.n);
    expect(await auditCount()).toBe(before.audits);
  });

  it('refuses moderators and finance staff, writing nothing', async () => {
    const page = await firstPage();
    const [block] = await blocksOf(page.id);
    const before = { blocks: await blocksOf(page.id), audits: await auditCount() };
    for (const role of ['moderator', 'finance']) {
      expect(flashOf(await postLayout({ op: 'remove', block_id: block!.id }, role))).toBe('/admin 当前角色无权进行此操作');
      expect(flashOf(await postLayout({ op: 'page', page_id: page.id, title: '越权', sort: 0 }, role))).toContain('无权');
      await expect(addLayoutBlock(actors[role]!, page.id, 1, { kind: 'categories', title: 'x', target: null })).rejects.toThrow('无权');
    }
    expect(await blocksOf(page.id)).toEqual(before.blocks);
    expect(await auditCount()).toBe(before.audits);
  });
});
