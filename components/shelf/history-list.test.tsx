import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { ModalHost } from '@/components/modals/modal-host';
import { listLocal, recordLocal } from '@/lib/client/local-history';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { fetchRoutes } from '@/test/fetch-routes';
import { HistoryList } from './history-list';
import { ReadTypeTabs } from './read-type-tabs';

const log = (nid: number, over: Partial<ReadLogItem> = {}): ReadLogItem => ({
  id: nid + 500,
  nid,
  aid: nid * 1000 + 5,
  idx: 8,
  article_idx: 5,
  time_track: null,
  count: 100,
  thumb: `/covers/${nid}.svg`,
  cover_tag: null,
  title: `小说${nid}`,
  article: '第5章 夜雨',
  readAt: '2026-03-01 21:30',
  updateCount: 0,
  read_type: 1,
  ...over,
});

function renderHistory(items: ReadLogItem[], readType: 1 | 2 = 1) {
  return render(
    <>
      <HistoryList
        initial={{ data: items, hasmore: false }}
        readType={readType}
        tabs={<ReadTypeTabs base="/m/readlogs" current={readType} />}
      />
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

describe('HistoryList', () => {
  it('lists newest first as given, with chapter, time and new chapters; opens the exact paragraph', () => {
    fetchRoutes({});
    renderHistory([log(2, { updateCount: 4 }), log(1, { idx: 0, readAt: '2026-02-28 08:00' })]);
    const [first, second] = rows();
    expect(first).toHaveTextContent('小说2');
    expect(first).toHaveTextContent('读到：第5章 夜雨');
    expect(first).toHaveTextContent('2026-03-01 21:30');
    expect(within(first!).getByText('更新4章')).toBeInTheDocument();
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/m/read/2005?nid=2#p8');
    // Paragraph 0 is the chapter's top: no fragment.
    expect(within(second!).getByRole('link')).toHaveAttribute('href', '/m/read/1005?nid=1');
    expect(within(second!).queryByText(/更新/)).toBeNull();
  });

  it('listening history opens the listen page at the second reached', () => {
    fetchRoutes({});
    renderHistory([log(3, { read_type: 2, time_track: 95 }), log(4, { read_type: 2, time_track: 0 })], 2);
    expect(rows()[0]).toHaveTextContent('听到：第5章 夜雨');
    expect(within(rows()[0]!).getByRole('link')).toHaveAttribute('href', '/m/listen/3005?currentTime=95');
    expect(within(rows()[1]!).getByRole('link')).toHaveAttribute('href', '/m/listen/4005');
  });

  it("batch delete sends novel ids to the kind's call and drops the local copy", async () => {
    recordLocal({ nid: 1, aid: 1005, idx: 2, title: '小说1', article: '第5章', thumb: '' });
    recordLocal({ nid: 9, aid: 9001, idx: 0, title: '小说9', article: '第1章', thumb: '' });
    const { calls } = fetchRoutes({ 'DELETE /v1/my/readlogs/batch': { removed: 2 } });
    renderHistory([log(1), log(2), log(3)]);
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择《小说1》' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择《小说2》' }));
    fireEvent.click(screen.getByRole('button', { name: '删除(2)' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确定删除选中的2本书？' })).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls).toEqual([{ method: 'DELETE', path: '/v1/my/readlogs/batch', query: { novel_ids: '1,2' }, body: undefined }]);
    expect(listLocal().map((e) => e.nid)).toEqual([9]);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['已删除']);
  });

  it('the listening tab deletes through readlogs_tts', async () => {
    const { calls } = fetchRoutes({ 'DELETE /v1/my/readlogs_tts/batch': { removed: 1 } });
    renderHistory([log(6, { read_type: 2 })], 2);
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    fireEvent.click(screen.getByRole('button', { name: '删除(1)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.getByText('还没有阅读记录')).toBeInTheDocument());
    expect(calls).toEqual([{ method: 'DELETE', path: '/v1/my/readlogs_tts/batch', query: { novel_ids: '6' }, body: undefined }]);
  });
});
