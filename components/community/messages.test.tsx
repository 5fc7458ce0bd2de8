import { act, fireEvent, render, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import type { MessageItem } from '@/lib/shared/dto/community';
import { mockFetch } from '@/test/mock-fetch';
import { MessageList } from './message-list';
import { MessageView } from './message-view';
import { UnreadBadge } from './unread-badge';

const message = (id: number, over: Partial<MessageItem> = {}): MessageItem => ({
  id,
  kind: 'reply',
  title: `消息${id}`,
  body: '有人回复了你的评论',
  link: '/m/novels/1/comments',
  createdat: '2026-11-24 09:00',
  read: false,
  ...over,
});
const withSwr = (ui: React.ReactNode) => render(<SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>);

beforeEach(() => Cookies.set('member_id', '7'));
afterEach(() => Cookies.remove('member_id'));

describe('messages', () => {
  it('lists messages with the unread ones marked; 全部已读 clears them', async () => {
    const { calls } = mockFetch({
      'GET /v1/messages': { data: { data: [message(2), message(1, { read: true, kind: 'announcement' })], hasmore: false, unread: 1 } },
      'GET /v1/messages/unread_count': { data: { count: 1 } },
      'POST /v1/messages/read_all': { data: { count: 0 } },
    });
    withSwr(<MessageList />);
    const list = await screen.findByRole('list', { name: '消息' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/m/message/2');
    expect(first).toHaveTextContent('未读');
    expect(second).toHaveTextContent('公告');
    expect(screen.getByText('1条未读')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '全部已读' })));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/messages/read_all')).toBe(true);
    expect(within(list).queryByText('未读')).toBeNull();
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
  });

  it('one message: title, body and a same-site link; a link off the site is dropped', async () => {
    mockFetch({ 'GET /v1/messages/3': { data: message(3, { title: '长评审核通过', link: '/m/novels/1/comment' }) } });
    const view = withSwr(<MessageView id={3} />);
    expect(await screen.findByRole('heading', { name: '长评审核通过' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看详情' })).toHaveAttribute('href', '/m/novels/1/comment');
    view.unmount();
    mockFetch({ 'GET /v1/messages/4': { data: message(4, { link: '//evil.example/x' }) } });
    withSwr(<MessageView id={4} />);
    await screen.findByRole('heading', { name: '消息4' });
    expect(screen.queryByRole('link', { name: '查看详情' })).toBeNull();
  });

  it("someone else's message (404) says it does not exist, without a toast", async () => {
    mockFetch({ 'GET /v1/messages/5': { status: 404, code: 40400, message: '消息不存在' } });
    withSwr(<MessageView id={5} />);
    expect(await screen.findByTestId('message-missing')).toHaveTextContent('这条消息不存在，或只有收件人可以查看');
  });

  it('the badge on 我的 shows the unread count, nothing at 0', async () => {
    mockFetch({ 'GET /v1/messages/unread_count': { data: { count: 120 } } });
    const badge = withSwr(<UnreadBadge />);
    expect(await screen.findByLabelText('120条未读')).toHaveTextContent('99+');
    badge.unmount();
    mockFetch({ 'GET /v1/messages/unread_count': { data: { count: 0 } } });
    const { container } = withSwr(<UnreadBadge />);
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
  });
});
