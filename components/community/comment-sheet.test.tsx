import { act, fireEvent, render, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { comment, page } from '@/test/community-fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { CommentSheet, type SheetTarget } from './comment-sheet';

const base: SheetTarget = { novelId: 1, chapterId: 12, lang: 'zh-CN', dir: 'ltr' };
const renderSheet = (target: SheetTarget, onPosted = jest.fn(), onClose = jest.fn()) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CommentSheet target={target} onClose={onClose} onPosted={onPosted} />
    </SWRConfig>,
  );
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

beforeEach(() => {
  localStorage.clear();
  Cookies.set('member_id', '7');
});
afterEach(() => Cookies.remove('member_id'));

describe('CommentSheet', () => {
  it("a paragraph's thread: the quoted paragraph, its comments by hash, and a write box that anchors to it", async () => {
    const hash = paragraphHash('他推开门。');
    const { calls } = mockFetch({
      'GET /v1/novels/comments': { data: page([comment(3, { type: 3, content: '这里好' })]) },
      'POST /v1/novels/do_comments': { data: comment(4, { type: 3, content: '我也觉得' }) },
    });
    const onPosted = jest.fn();
    renderSheet({ ...base, paragraph: { index: 1, text: '他推开门。' } }, onPosted);
    const dialog = screen.getByRole('dialog', { name: '段评' });
    expect(within(dialog).getByLabelText('原文')).toHaveTextContent('他推开门。');
    expect(await within(dialog).findByText('这里好')).toBeInTheDocument();
    expect(query(calls[0]!.url)).toMatchObject({
      novel_id: '1',
      type: '3',
      chapter_id: '12',
      paragraph_hash: hash,
      order: 'new',
      page: '1',
    });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '我也觉得' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '发送' })));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      novel_id: 1,
      content: '我也觉得',
      type: 3,
      chapter_id: 12,
      paragraph_hash: hash,
      paragraph_index: 1,
    });
    expect(onPosted).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText('我也觉得')).toBeInTheDocument();
  });

  it('the chapter (本章说): type 2 comments, and the orphaned paragraph comments under their own heading', async () => {
    const { calls } = mockFetch({
      'GET /v1/novels/comments': (_b, url) =>
        query(url).type === '3'
          ? { data: page([comment(8, { type: 3, content: '那段被删了' })]) }
          : { data: page([comment(7, { type: 2, content: '本章精彩' })]) },
    });
    renderSheet({ ...base, orphans: 1 });
    const dialog = screen.getByRole('dialog', { name: '本章说' });
    expect(await within(dialog).findByText('本章精彩')).toBeInTheDocument();
    const orphans = within(dialog).getByRole('region', { name: '原段落已修改的段评' });
    expect(await within(orphans).findByText('那段被删了')).toBeInTheDocument();
    const orphanCall = calls.find((c) => query(c.url).type === '3')!;
    expect(query(orphanCall.url)).toMatchObject({ chapter_id: '12', paragraph_hash: '' });
    expect(within(dialog).getByText('长按段落可发表段评')).toBeInTheDocument();
  });

  it('no orphans: no heading and no call for them; Escape closes', async () => {
    const { calls } = mockFetch({ 'GET /v1/novels/comments': { data: page([]) } });
    const onClose = jest.fn();
    renderSheet({ ...base, orphans: 0 }, jest.fn(), onClose);
    expect(await screen.findByText('还没有评论，来抢第一个沙发吧')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '原段落已修改的段评' })).toBeNull();
    expect(calls.every((c) => query(c.url).type === '2')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('a Uyghur paragraph is quoted right to left', () => {
    mockFetch({ 'GET /v1/novels/comments': { data: page([]) } });
    renderSheet({ ...base, lang: 'ug', dir: 'rtl', paragraph: { index: 0, text: 'ئۇ ئىشىكنى ئاچتى.' } });
    expect(screen.getByLabelText('原文')).toHaveAttribute('dir', 'rtl');
  });
});
