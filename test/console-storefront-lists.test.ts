import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/route';
import { bookListItems, bookLists, hotWords, listItems, lists, novels } from '@/lib/server/db/schema';
import { can } from '@/lib/server/core/roles';
import { editListNovels } from '@/lib/server/staff/storefront/lists';
import { addHotWord } from '@/lib/server/staff/storefront/hot-words';
import { GET as getList } from '@/app/v1/lists/[id]/route';
import { GET as getBookList } from '@/app/v1/book_lists/[id]/route';
import { GET as getHotWords } from '@/app/v1/search/hot_words/route';
import { POST as listsRoute } from '@/app/admin/actions/storefront/lists/route';
import { POST as bookListsRoute } from '@/app/admin/actions/storefront/booklists/route';
import { POST as hotWordsRoute } from '@/app/admin/actions/storefront/hotwords/route';
import ListsPage from '@/app/admin/storefront/lists/page';
import HotWordsPage from '@/app/admin/storefront/hotwords/page';
import BookListsPage from '@/app/admin/storefront/booklists/page';
import StorefrontIndexPage from '@/app/admin/storefront/page';
import type { ListDto, BookListDto } from '@/lib/server/catalog/lists';
import { actors, tokens, auditCount, auditOf, d, droppedTags, flashOf, novelWhere, poster, signInEveryRole } from './console-storefront';

// The storefront console's lists, book lists and search hot words (docs/storefront.md): admins and editors only,
// every write audited with before and after, the reader's cached answers dropped by tag so the next request shows it.
jest.mock('next/cache', () => ({ revalidateTag: jest.fn() }));
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTestDatabase({ seed: true });
beforeAll(signInEveryRole);

const postList = poster(listsRoute, '/admin/actions/storefront/lists', '/admin/storefront/lists');
const postBook = poster(bookListsRoute, '/admin/actions/storefront/booklists', '/admin/storefront/booklists');
const postWord = poster(hotWordsRoute, '/admin/actions/storefront/hotwords', '/admin/storefront/hotwords');
const html = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<!-- -->/g, '');

async function zhList(slug: string) {
  const [row] = await d()
    .select()
    .from(lists)
    .where(and(eq(lists.slug, slug), eq(lists.languageType, 1)));
  return row!;
}
const orderOf = async (listId: number) =>
  (await d().select().from(listItems).where(eq(listItems.listId, listId)).orderBy(asc(listItems.position))).map((r) => r.novelId);
const readerList = async (id: number) =>
  (await callRoute<ListDto>(getList, { url: `/v1/lists/${id}?start=0&limit=100`, params: { id: String(id) } })).body.data!;

/** A Chinese on-shelf novel not yet in the list. */
async function freshNovel(listId: number, extra?: ReturnType<typeof eq>) {
  const inList = await orderOf(listId);
  const [n] = await novelWhere(
    eq(novels.languageType, 1),
    eq(novels.isOffShelf, false),
    notInArray(novels.id, inList.length ? inList : [0]),
    ...(extra ? [extra] : []),
  );
  return n!;
}

it('is for admins and editors: the permission, the navigation link and the index page', async () => {
  for (const [role, ok] of [
    ['admin', true],
    ['editor', true],
    ['moderator', false],
    ['finance', false],
  ] as const)
    expect(can(role, 'storefront')).toBe(ok);
  const page = html(await StorefrontIndexPage({ searchParams: Promise.resolve({}) }));
  expect(page).toContain('<a href="/admin/storefront" aria-current="page">店面</a>');
  for (const s of ['layouts', 'carousels', 'lists', 'booklists', 'hotwords']) expect(page).toContain(`href="/admin/storefront/${s}"`);
});

describe('curated lists', () => {
  it('answers a cross-site post with 403 before reading or writing anything (CSRF)', async () => {
    const list = await zhList('recommend');
    const novel = await freshNovel(list.id);
    const before = await orderOf(list.id);
    const res = await listsRoute(
      new NextRequest('http://localhost/admin/actions/storefront/lists', {
        method: 'POST',
        body: new URLSearchParams({ op: 'add', id: String(list.id), novel_id: String(novel.id) }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
          cookie: `staff_token=${tokens.editor}`,
        },
      }),
    );
    expect(res.status).toBe(403);
    expect(await orderOf(list.id)).toEqual(before);
  });

  it('adds a novel by id (the flash names its title), audited, the reader list shows it at the end', async () => {
    const list = await zhList('recommend');
    const novel = await freshNovel(list.id);
    const before = await orderOf(list.id);
    let res: Response | undefined;
    const tags = await droppedTags(async () => (res = await postList({ op: 'add', id: list.id, novel_id: novel.id })));
    expect(flashOf(res!)).toBe(`/admin/storefront/lists 已将《${novel.title}》加入「${list.name}」`);
    expect(tags).toEqual(expect.arrayContaining(['lists', `list:${list.id}`, 'layouts']));
    expect(await orderOf(list.id)).toEqual([...before, novel.id]);
    const [audit] = (await auditOf('storefront.list.add')).slice(-1);
    expect(audit).toMatchObject({
      targetType: 'list',
      targetId: list.id,
      detail: { novel: novel.id, before, after: [...before, novel.id] },
    });
    const reader = await readerList(list.id);
    expect(reader.data.map((n) => n.id).at(-1)).toBe(novel.id);
  });

  it('shows the picked novel by title before it is added, or why it cannot be (nothing written either way)', async () => {
    const list = await zhList('recommend');
    const novel = await freshNovel(list.id);
    const [off] = await novelWhere(eq(novels.isOffShelf, true));
    const audits = await auditCount();
    const before = await orderOf(list.id);
    const page = (pick: number) => ListsPage({ searchParams: Promise.resolve({ id: String(list.id), pick: String(pick) }) });
    const ok = html(await page(novel.id));
    expect(ok).toContain(`确认加入《${novel.title}》`);
    expect(ok).toContain(`name="novel_id" value="${novel.id}"`);
    expect(html(await page(off!.id))).toContain(`role="alert">《${off!.title}》已下架，不能加入`);
    expect(html(await page(99999999))).toContain('作品 99999999 不存在');
    expect(html(await page(before[0]!))).toContain('已在列表中');
    expect(await orderOf(list.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('moves a novel up and removes one; the reader sees the new order', async () => {
    const list = await zhList('recommend');
    const before = await orderOf(list.id);
    const last = before.at(-1)!;
    expect(flashOf(await postList({ op: 'move', id: list.id, novel_id: last, dir: 'up' }))).toBe('/admin/storefront/lists 已调整顺序');
    const moved = await orderOf(list.id);
    expect(moved.slice(-2)).toEqual([last, before.at(-2)]);
    expect((await readerList(list.id)).data.map((n) => n.id).slice(-2)).toEqual([last, before.at(-2)]);
    expect((await auditOf('storefront.list.move')).at(-1)!.detail).toMatchObject({ before, after: moved });
    expect(flashOf(await postList({ op: 'remove', id: list.id, novel_id: last }))).toContain('移出');
    expect(await orderOf(list.id)).not.toContain(last);
    expect((await readerList(list.id)).data.map((n) => n.id)).not.toContain(last);
    expect((await auditOf('storefront.list.remove')).at(-1)!.detail).toMatchObject({ novel: last });
  });

  it('refuses unknown, off-shelf, other-language, duplicate and (for a listening list) unvoiced novels, writing nothing', async () => {
    const list = await zhList('recommend');
    const listen = await zhList('must_listen');
    const [off] = await novelWhere(eq(novels.isOffShelf, true));
    const [ug] = await novelWhere(eq(novels.languageType, 0), eq(novels.isOffShelf, false));
    const silent = await freshNovel(listen.id, eq(novels.hasTts, false));
    const inList = (await orderOf(list.id))[0]!;
    const before = { a: await orderOf(list.id), b: await orderOf(listen.id), audits: await auditCount() };
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ op: 'add', id: list.id, novel_id: 99999999 }, '作品 99999999 不存在'],
      [{ op: 'add', id: list.id, novel_id: off!.id }, '已下架，不能加入'],
      [{ op: 'add', id: list.id, novel_id: ug!.id }, '不是这个列表的语言'],
      [{ op: 'add', id: list.id, novel_id: inList }, '已在列表中'],
      [{ op: 'add', id: listen.id, novel_id: silent.id }, '没有听书'],
      [{ op: 'add', id: list.id, novel_id: 'abc' }, '编号无效'],
      [{ op: 'add', id: 99999999, novel_id: inList }, '列表不存在'],
      [{ op: 'remove', id: list.id, novel_id: ug!.id }, '该作品不在列表中'],
      [{ op: 'move', id: list.id, novel_id: inList, dir: 'left' }, '操作无效'],
      [{ op: 'drop', id: list.id }, '操作无效'],
      [{ op: 'create', name: '新列表', slug: 'Bad Slug', language_type: 1, read_type: 1 }, '标识只能是'],
      [{ op: 'create', name: '重复', slug: 'recommend', language_type: 1, read_type: 1 }, '已有同样标识'],
      [{ op: 'create', name: '语言', slug: 'lang_x', language_type: 7, read_type: 1 }, '语言不正确'],
      [{ op: 'rename', id: list.id, name: '' }, '名称不能为空'],
    ];
    for (const [fields, message] of cases) expect(flashOf(await postList(fields))).toContain(message);
    expect(await orderOf(list.id)).toEqual(before.a);
    expect(await orderOf(listen.id)).toEqual(before.b);
    expect(await auditCount()).toBe(before.audits);
  });

  it('creates and renames a list, audited with before and after', async () => {
    expect(flashOf(await postList({ op: 'create', name: '周末好书', slug: 'weekend', language_type: 1, read_type: 1, gender: '2' }))).toBe(
      '/admin/storefront/lists 已新建列表「周末好书」',
    );
    const list = await zhList('weekend');
    expect(list).toMatchObject({ name: '周末好书', readType: 1, gender: 2 });
    expect((await auditOf('storefront.list.create')).at(-1)).toMatchObject({ targetId: list.id, detail: { after: { slug: 'weekend' } } });
    expect(flashOf(await postList({ op: 'rename', id: list.id, name: '周末必读' }))).toContain('已保存列表「周末必读」');
    expect((await auditOf('storefront.list.update')).at(-1)!.detail).toEqual({ before: { name: '周末好书' }, after: { name: '周末必读' } });
    expect((await readerList(list.id)).name).toBe('周末必读');
    const page = html(await ListsPage({ searchParams: Promise.resolve({ id: String(list.id) }) }));
    expect(page).toContain('value="周末必读"');
    expect(page).toContain('action="/admin/actions/storefront/lists"');
  });

  it('deletes a list no page or home block reads (audited with its novels); refuses the others', async () => {
    const list = await zhList('weekend');
    const [used] = await d()
      .select()
      .from(lists)
      .where(and(eq(lists.slug, 'male_pick'), eq(lists.languageType, 1)));
    const recommend = await zhList('recommend');
    const audits = await auditCount();
    expect(flashOf(await postList({ op: 'delete', id: recommend.id }))).toContain('该列表由页面按标识读取，不能删除');
    expect(flashOf(await postList({ op: 'delete', id: used!.id }))).toContain('该列表仍被首页模块使用');
    expect(flashOf(await postList({ op: 'delete', id: list.id }, 'moderator'))).toContain('无权');
    expect(await auditCount()).toBe(audits);
    expect(await zhList('recommend')).toBeTruthy();
    let res: Response | undefined;
    const tags = await droppedTags(async () => (res = await postList({ op: 'delete', id: list.id })));
    expect(flashOf(res!)).toContain('已删除「周末必读」');
    expect(tags).toEqual(expect.arrayContaining(['lists', `list:${list.id}`]));
    expect((await auditOf('storefront.list.delete')).at(-1)).toMatchObject({
      targetId: list.id,
      detail: { before: { slug: 'weekend', novels: [] } },
    });
    expect((await callRoute(getList, { url: `/v1/lists/${list.id}`, params: { id: String(list.id) } })).status).toBe(404);
  });

  it('refuses moderators and finance staff (route and service), writing nothing', async () => {
    const list = await zhList('recommend');
    const novel = await freshNovel(list.id);
    const before = {
      order: await orderOf(list.id),
      audits: await auditCount(),
      lists: (await d().select({ n: count() }).from(lists))[0]!.n,
    };
    for (const role of ['moderator', 'finance']) {
      expect(flashOf(await postList({ op: 'add', id: list.id, novel_id: novel.id }, role))).toBe('/admin 当前角色无权进行此操作');
      expect(flashOf(await postList({ op: 'create', name: 'x', slug: 'sneaky', language_type: 1, read_type: 1 }, role))).toContain('无权');
      await expect(editListNovels(actors[role]!, list.id, { op: 'add', novelId: novel.id })).rejects.toThrow('无权');
    }
    expect(await orderOf(list.id)).toEqual(before.order);
    expect(await auditCount()).toBe(before.audits);
    expect((await d().select({ n: count() }).from(lists))[0]!.n).toBe(before.lists);
  });
});

describe('book lists', () => {
  const bookOrder = async (id: number) =>
    (await d().select().from(bookListItems).where(eq(bookListItems.bookListId, id)).orderBy(asc(bookListItems.position))).map(
      (r) => r.novelId,
    );
  const readerBook = (id: number) => callRoute<BookListDto>(getBookList, { url: `/v1/book_lists/${id}`, params: { id: String(id) } });

  it('creates, fills, reorders, edits and deletes a book list; each step audited and on the reader page', async () => {
    let res: Response | undefined;
    const tags = await droppedTags(
      async () => (res = await postBook({ op: 'create', name: '雨夜读物', description: '适合下雨天', language_type: 1 })),
    );
    expect(flashOf(res!)).toBe('/admin/storefront/booklists 已新建书单「雨夜读物」');
    const [list] = await d().select().from(bookLists).where(eq(bookLists.name, '雨夜读物'));
    expect(tags).toEqual(expect.arrayContaining(['lists', `book_list:${list!.id}`]));
    const [a, b] = await novelWhere(eq(novels.languageType, 1), eq(novels.isOffShelf, false));
    expect(flashOf(await postBook({ op: 'add', id: list!.id, novel_id: a!.id }))).toContain(`《${a!.title}》`);
    expect(flashOf(await postBook({ op: 'add', id: list!.id, novel_id: b!.id }))).toContain(`《${b!.title}》`);
    await postBook({ op: 'move', id: list!.id, novel_id: b!.id, dir: 'up' });
    expect(await bookOrder(list!.id)).toEqual([b!.id, a!.id]);
    expect((await readerBook(list!.id)).body.data!.novels.map((n) => n.id)).toEqual([b!.id, a!.id]);
    expect((await auditOf('storefront.booklist.move')).at(-1)!.detail).toMatchObject({ before: [a!.id, b!.id], after: [b!.id, a!.id] });

    expect(flashOf(await postBook({ op: 'update', id: list!.id, name: '雨夜书单', description: '新的简介' }))).toContain(
      '已保存书单「雨夜书单」',
    );
    expect((await auditOf('storefront.booklist.update')).at(-1)!.detail).toEqual({
      before: { name: '雨夜读物', description: '适合下雨天' },
      after: { name: '雨夜书单', description: '新的简介' },
    });
    expect((await readerBook(list!.id)).body.data).toMatchObject({ name: '雨夜书单', description: '新的简介' });
    const page = html(await BookListsPage({ searchParams: Promise.resolve({ id: String(list!.id) }) }));
    expect(page).toMatch(new RegExp(`data-testid="novel-${b!.id}".*data-testid="novel-${a!.id}"`));

    expect(flashOf(await postBook({ op: 'delete', id: list!.id }))).toContain('已删除「雨夜书单」');
    expect((await auditOf('storefront.booklist.delete')).at(-1)!.detail).toMatchObject({
      before: { name: '雨夜书单', novels: [b!.id, a!.id] },
    });
    expect((await readerBook(list!.id)).status).toBe(404);
    expect(await bookOrder(list!.id)).toEqual([]);
  });

  it('refuses bad input and other roles, writing nothing', async () => {
    const [list] = await d().select().from(bookLists).orderBy(asc(bookLists.id));
    const [off] = await novelWhere(eq(novels.isOffShelf, true));
    const before = { order: await bookOrder(list!.id), audits: await auditCount() };
    expect(flashOf(await postBook({ op: 'add', id: list!.id, novel_id: off!.id }))).toContain('已下架');
    expect(flashOf(await postBook({ op: 'create', name: '  ', description: '', language_type: 1 }))).toContain('名称不能为空');
    expect(flashOf(await postBook({ op: 'update', id: 99999999, name: 'x', description: '' }))).toContain('列表不存在');
    expect(flashOf(await postBook({ op: 'delete', id: list!.id }, 'moderator'))).toContain('无权');
    expect(flashOf(await postBook({ op: 'delete', id: list!.id }, 'finance'))).toContain('无权');
    expect(await bookOrder(list!.id)).toEqual(before.order);
    expect(await auditCount()).toBe(before.audits);
  });
});

describe('search hot words', () => {
  const readerWords = async (lang = 1) =>
    (await callRoute<Array<{ word: string }>>(getHotWords, { url: `/v1/search/hot_words?language_type=${lang}&limit=30` })).body.data!.map(
      (w) => w.word,
    );
  const wordRow = async (word: string, lang = 1) =>
    (
      await d()
        .select()
        .from(hotWords)
        .where(and(eq(hotWords.word, word), eq(hotWords.languageType, lang)))
    )[0];

  it('adds a pinned word at the top of the reader list, drops the hot_words tag, audited', async () => {
    let res: Response | undefined;
    const tags = await droppedTags(
      async () => (res = await postWord({ op: 'add', word: '  星辰  大海 ', language_type: 1, pinned: 5000 })),
    );
    expect(flashOf(res!)).toBe('/admin/storefront/hotwords 已添加热词「星辰 大海」');
    expect(tags).toEqual(['hot_words']);
    expect((await readerWords())[0]).toBe('星辰 大海');
    const row = await wordRow('星辰 大海');
    expect((await auditOf('storefront.hotword.add')).at(-1)).toMatchObject({
      targetId: row!.id,
      detail: { after: { word: '星辰 大海', pinned: 5000 } },
    });
    const page = html(await HotWordsPage({ searchParams: Promise.resolve({ lang: '1' }) }));
    expect(page).toContain(`data-testid="hotword-${row!.id}"`);
  });

  it('pushes a word down with a negative weight and deletes one; the reader list follows', async () => {
    const row = await wordRow('星辰 大海');
    expect(flashOf(await postWord({ op: 'pinned', id: row!.id, pinned: -100000 }))).toContain('已保存热词「星辰 大海」');
    expect((await auditOf('storefront.hotword.update')).at(-1)!.detail).toEqual({
      word: '星辰 大海',
      before: { pinned: 5000 },
      after: { pinned: -100000 },
    });
    expect(await readerWords()).not.toContain('星辰 大海');
    const [top] = await readerWords();
    const topRow = await wordRow(top!);
    expect(flashOf(await postWord({ op: 'delete', id: topRow!.id }))).toContain(`已删除热词「${top}」`);
    expect(await readerWords()).not.toContain(top);
    expect((await auditOf('storefront.hotword.delete')).at(-1)!.detail).toMatchObject({ before: { word: top } });
  });

  it('refuses bad input and other roles, writing nothing', async () => {
    const before = { n: (await d().select({ n: count() }).from(hotWords))[0]!.n, audits: await auditCount() };
    const [existing] = await d().select().from(hotWords).where(eq(hotWords.languageType, 1)).orderBy(asc(hotWords.id));
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ op: 'add', word: '   ', language_type: 1, pinned: 1 }, '热词不能为空'],
      [{ op: 'add', word: existing!.word, language_type: 1, pinned: 1 }, '已有这个热词'],
      [{ op: 'add', word: '新词', language_type: 1, pinned: '1e9' }, '加权须是'],
      [{ op: 'add', word: '新词', language_type: 9, pinned: 1 }, '语言不正确'],
      [{ op: 'pinned', id: 99999999, pinned: 1 }, '热词不存在'],
      [{ op: 'delete', id: 99999999 }, '热词不存在'],
    ];
    for (const [fields, message] of cases) expect(flashOf(await postWord(fields))).toContain(message);
    for (const role of ['moderator', 'finance']) {
      expect(flashOf(await postWord({ op: 'add', word: '越权', language_type: 1, pinned: 1 }, role))).toContain('无权');
      await expect(addHotWord(actors[role]!, { word: '越权', languageType: 1, pinned: 1 })).rejects.toThrow('无权');
    }
    expect((await d().select({ n: count() }).from(hotWords))[0]!.n).toBe(before.n);
    expect(await auditCount()).toBe(before.audits);
  });
});
