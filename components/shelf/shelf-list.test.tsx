import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { ModalHost } from '@/components/modals/modal-host';
import { recordLocal } from '@/lib/client/local-history';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { FavoriteItem } from '@/lib/shared/dto/shelf';
import { fetchRoutes } from '@/test/fetch-routes';
import { ReadTypeTabs } from './read-type-tabs';
import { ShelfList } from './shelf-list';

const fav = (id: number, over: Partial<FavoriteItem> = {}): FavoriteItem => ({
  id,
  title: `小说${id}`,
  thumb: `/covers/${id}.svg`,
  count: 200,
  lastReadIdx: 3,
  updateCount: 0,
  read_type: 1,
  cover_tag: null,
  last_read_id: id * 1000 + 3,
  lastReadParagraph: 0,
  lastReadTitle: `第3章 启程`,
  created: '2026-03-01 10:00',
  isUpdated: false,
  status: 0,
  ...over,
});

function renderShelf(items: FavoriteItem[], { hasmore = false, readType = 1 as 1 | 2 } = {}) {
  return render(
    <>
      <ShelfList initial={{ data: items, hasmore }} readType={readType} tabs={<ReadTypeTabs base="/m/shelf" current={readType} />} />
      <ModalHost />
    </>,
  );
}
const rows = () => screen.queryAllByRole('listitem');

beforeEach(() => {
  localStorage.clear();
  Cookies.remove('member_id');
  useModalStore.setState({ current: null });
});

describe('ShelfList', () => {
  it('shows progress, the updated badge, and opens each book where the reader left off', () => {
    fetchRoutes({});
    renderShelf([
      fav(1, { isUpdated: true, updateCount: 3, lastReadParagraph: 12 }),
      fav(2, { last_read_id: null, lastReadTitle: null, lastReadIdx: null, lastReadParagraph: null }),
    ]);
    const [first, second] = rows();
    expect(first).toHaveTextContent('读到：第3章 启程');
    expect(within(first!).getByText('更新3章')).toBeInTheDocument();
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/m/read/1003?nid=1#p12');
    expect(second).toHaveTextContent('未读');
    expect(within(second!).queryByText(/更新/)).toBeNull();
    expect(within(second!).getByRole('link')).toHaveAttribute('href', '/m/show/2');
  });

  it('audio entries say 听到 and open the listen page', () => {
    fetchRoutes({});
    renderShelf([fav(5, { read_type: 2 })], { readType: 2 });
    expect(rows()[0]).toHaveTextContent('听到：第3章 启程');
    expect(within(rows()[0]!).getByRole('link')).toHaveAttribute('href', '/m/listen/5003');
  });

  it('tabs are links in the URL, the current one marked', () => {
    fetchRoutes({});
    renderShelf([fav(1)], { readType: 2 });
    const tabs = within(screen.getByRole('navigation', { name: '类型' }));
    expect(tabs.getByRole('link', { name: '文字' })).toHaveAttribute('href', '/m/shelf');
    expect(tabs.getByRole('link', { name: '听书' })).toHaveAttribute('href', '/m/shelf?read_type=2');
    expect(tabs.getByRole('link', { name: '听书' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: '文字' })).not.toHaveAttribute('aria-current');
  });

  it('edit mode: rows become checkboxes, select all, confirm, batch delete', async () => {
    const { calls } = fetchRoutes({ 'DELETE /v1/favorites/batch': { removed: 2 } });
    renderShelf([fav(1), fav(2), fav(3)]);
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    expect(screen.queryAllByRole('link', { name: /小说/ })).toHaveLength(0);
    const remove = screen.getByRole('button', { name: '删除' });
    expect(remove).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(screen.getByRole('button', { name: '删除(3)' })).toBeEnabled();
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(screen.getByRole('button', { name: '删除' })).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: '选择《小说1》' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择《小说3》' }));
    expect(screen.getByRole('checkbox', { name: '全选' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: '删除(2)' }));

    const dialog = await screen.findByRole('dialog', { name: '确定删除选中的2本书？' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/v1/favorites/batch', query: { nids: '1,3' }, body: undefined },
    ]);
    expect(rows()[0]).toHaveTextContent('小说2');
    // Deleting ends edit mode.
    expect(screen.getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('cancelling the confirmation deletes nothing; the audio shelf deletes through its own call', async () => {
    const { calls } = fetchRoutes({ 'DELETE /v1/tts/favorites_tts/batch': { removed: 1 } });
    renderShelf([fav(7, { read_type: 2 }), fav(8, { read_type: 2 })], { readType: 2 });
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择《小说8》' }));
    fireEvent.click(screen.getByRole('button', { name: '删除(1)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    expect(rows()).toHaveLength(2);
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '删除(1)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls).toEqual([{ method: 'DELETE', path: '/v1/tts/favorites_tts/batch', query: { nids: '8' }, body: undefined }]);
  });

  it('"加载更多" appends the next page from where the list ends, until a short page', async () => {
    const { calls } = fetchRoutes({ 'GET /v1/favorites': { data: [fav(3)], hasmore: false } });
    renderShelf([fav(1), fav(2)], { hasmore: true });
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/favorites', query: { read_type: '1', start: '2', limit: '20' } });
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('an empty shelf says so and links to the bookstore; editing is off', () => {
    fetchRoutes({});
    renderShelf([]);
    expect(screen.getByText('书架还是空的，去挑几本好书吧')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去书城逛逛' })).toHaveAttribute('href', '/m');
    expect(screen.getByRole('button', { name: '编辑' })).toBeDisabled();
  });

  it('after sign-in, local history reaches the account and the shelf reloads with it', async () => {
    recordLocal({ nid: 1, aid: 1009, idx: 4, title: '小说1', article: '第9章', thumb: '' });
    Cookies.set('member_id', '42');
    const { calls } = fetchRoutes({
      'GET /v1/my/readlogs': { data: [], hasmore: false },
      'POST /v1/my/readlogs': { nid: 1, aid: 1009, idx: 4 },
      'GET /v1/favorites': { data: [fav(1, { last_read_id: 1009, lastReadTitle: '第9章 归来' })], hasmore: false },
    });
    await act(async () => {
      renderShelf([fav(1, { last_read_id: null, lastReadTitle: null })]);
    });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('读到：第9章 归来'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/my/readlogs', 'POST /v1/my/readlogs', 'GET /v1/favorites']);
    expect(calls.at(-1)!.query).toMatchObject({ start: '0' });
  });
});
