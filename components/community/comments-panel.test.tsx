import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { useToastStore } from '@/lib/client/stores/toast-store';
import type { CommentPage } from '@/lib/shared/dto/community';
import { comment, page } from '@/test/community-fixtures';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { CommentsPanel } from './comments-panel';

function renderPanel(initial: CommentPage | undefined, { signedIn = true } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CommentsPanel query={{ novelId: 1, type: 1, order: 'hot' }} initial={initial} signedIn={signedIn} label="书友评论" writeId="write" />
    </SWRConfig>,
  );
}
const list = () => screen.getByRole('list', { name: '书友评论' });
const items = () =>
  within(list())
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list());

beforeEach(() => {
  localStorage.clear();
  Cookies.set('member_id', '7');
  useToastStore.setState({ toasts: [] });
});
afterEach(() => Cookies.remove('member_id'));

describe('CommentsPanel: the comment list', () => {
  it('shows the server page without asking again: names, dates, text, likes, the long-review tag', () => {
    const { calls } = mockFetch({});
    renderPanel(page([comment(1, { likes: 3 }), comment(2, { is_long_comment: 1 })], false, 2));
    expect(items()).toHaveLength(2);
    expect(items()[0]).toHaveTextContent('书友1');
    expect(items()[0]).toHaveTextContent('2026-11-20 10:00');
    expect(items()[0]).toHaveTextContent('第1条评论');
    expect(within(items()[0]!).getByRole('button', { name: '点赞 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(items()[1]!).getByText('长评')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/novels/comments')).toHaveLength(0);
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('an empty list invites the first comment, and the invitation focuses the write box', () => {
    mockFetch({});
    renderPanel(page([]));
    expect(screen.getByText('还没有评论，来抢第一个沙发吧')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '写第一条评论' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });

  it('更多 loads the next page of the same order and appends it', async () => {
    const { calls } = mockFetch({ 'GET /v1/novels/comments': { data: page([comment(3)], false, 3) } });
    renderPanel(page([comment(1), comment(2)], true, 3));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '加载更多' })));
    await waitFor(() => expect(items()).toHaveLength(3));
    const call = calls.find((c) => c.path === '/v1/novels/comments')!;
    expect(new URL(call.url, 'http://x').searchParams.toString()).toBe('novel_id=1&type=1&order=hot&page=2&limit=20');
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('like is optimistic: the count moves at the tap, the server answer settles it, a failure puts it back', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const routes: Routes = {
      'POST /v1/novels/comments/user_action': () => ({ data: { likes: 6, liked: true, reported: false } }),
    };
    const { calls, fn } = mockFetch(routes);
    renderPanel(page([comment(1, { likes: 4 })]));
    const gate = new Promise((r) => (answer = r));
    fn.mockImplementationOnce(async (url: string, init: RequestInit) => {
      calls.push({ method: 'POST', url, path: url, body: JSON.parse(init.body as string) });
      await gate;
      return {
        ok: true,
        status: 200,
        json: async () => ({ code: 0, message: '', data: { likes: 6, liked: true, reported: false } }),
      } as Response;
    });
    fireEvent.click(screen.getByRole('button', { name: '点赞 4' }));
    expect(screen.getByRole('button', { name: '已赞 5' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => answer(undefined));
    expect(await screen.findByRole('button', { name: '已赞 6' })).toBeInTheDocument();
    expect(calls.at(-1)!.body).toEqual({ comment_id: 1, action: 'like' });

    routes['POST /v1/novels/comments/user_action'] = { status: 429, code: 42900, message: '操作太频繁' };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '已赞 6' })));
    expect(await screen.findByRole('button', { name: '已赞 6' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a signed-out reader who taps like goes to sign-in, nothing is posted', async () => {
    Cookies.remove('member_id');
    const nav = jest.requireActual<typeof import('@/lib/client/navigate')>('@/lib/client/navigate');
    const assign = jest.spyOn(nav.navigate, 'assign').mockImplementation(() => undefined);
    const { calls } = mockFetch({});
    renderPanel(page([comment(1)]), { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: '点赞 0' }));
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/m\/login\?next=/));
    expect(calls).toHaveLength(0);
    expect(screen.getByText('登录后参与评论')).toBeInTheDocument();
    assign.mockRestore();
  });

  it('a new comment goes on top of the list with 发送成功', async () => {
    const { calls } = mockFetch({
      'POST /v1/novels/do_comments': (body) => ({ data: comment(9, { content: (body as { content: string }).content, is_mine: true }) }),
    });
    renderPanel(page([comment(1)]));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  写得真好  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '发送' })));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toHaveTextContent('写得真好');
    expect(calls.at(-1)!.body).toEqual({ novel_id: 1, content: '写得真好', type: 1 });
    expect(useToastStore.getState().toasts[0]?.text).toBe('发送成功');
  });

  it('回复 turns the box into a reply; the reply shows in the thread, which opens to load the rest', async () => {
    const { calls } = mockFetch({
      'POST /v1/novels/comments/do_replies': { data: comment(20, { parent_id: 1, content: '同意', is_mine: true }) },
      'GET /v1/novels/comments/replies': { data: page([comment(11, { parent_id: 1, content: '早先的回复' })], false, 1) },
    });
    renderPanel(page([comment(1, { reply_count: 1 })]));
    fireEvent.click(within(items()[0]!).getAllByRole('button', { name: '回复 书友1' })[0]!);
    expect(screen.getByText('回复 书友1：')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '同意' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '发送' })));
    expect(calls.find((c) => c.path === '/v1/novels/comments/do_replies')!.body).toEqual({
      novel_id: 1,
      content: '同意',
      type: 1,
      comment_id: 1,
    });
    expect(await screen.findByText('同意')).toBeInTheDocument();
    expect(screen.queryByText('回复 书友1：')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '查看1条回复' })));
    expect(await screen.findByText('早先的回复')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/novels/comments/replies')!.url).toContain('comment_id=1');
  });

  it("a comment's menu offers 举报, prefilled with the comment; my own comment has no menu", () => {
    mockFetch({});
    renderPanel(page([comment(5), comment(6, { is_mine: true, status: 'pending' })]));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: '更多操作' }));
    expect(within(items()[0]!).getByRole('menuitem', { name: '举报' })).toHaveAttribute(
      'href',
      '/m/report?target_type=comment&target_id=5',
    );
    expect(within(items()[1]!).queryByRole('button', { name: '更多操作' })).toBeNull();
    expect(within(items()[1]!).getByText('审核中，仅自己可见')).toBeInTheDocument();
  });

  it('Uyghur text keeps its own direction', () => {
    mockFetch({});
    renderPanel(page([comment(1, { content: 'بۇ كىتاب ناھايىتى ياخشى' })]));
    expect(screen.getByText('بۇ كىتاب ناھايىتى ياخشى')).toHaveAttribute('dir', 'auto');
  });
});
