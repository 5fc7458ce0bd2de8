import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { DownloadsView } from './downloads-view';

const index = {
  novels: [
    {
      novel_id: 1,
      title: '大唐归途',
      chapters: [
        { article_id: 11, idx: 1, title: '第1章', bytes: 2 * 1024 * 1024, duration: 300 },
        { article_id: 12, idx: 2, title: '第2章', bytes: 20 * 1024, duration: 0 },
      ],
    },
  ],
};
jest.mock('@/lib/client/offline/downloads', () => ({
  readIndex: jest.fn(async () => index),
  indexBytes: jest.requireActual('@/lib/client/offline/downloads').indexBytes,
  deleteChapters: jest.fn(async () => undefined),
}));
jest.mock('@/lib/client/offline/recheck', () => ({ recheckNow: jest.fn(async () => []) }));
// A browser where hls.js has no MediaSource to use (iOS before 17.1): no offline audio.
jest.mock('hls.js/light', () => ({ __esModule: true, default: { isSupported: () => false } }));

beforeEach(() => {
  Cookies.set('member_id', '7');
  Object.assign(globalThis, { caches: {}, fetch: jest.fn() });
});
afterEach(() => {
  Cookies.remove('member_id');
  delete (globalThis as { caches?: unknown }).caches;
});

describe('DownloadsView', () => {
  it('lists downloads with sizes; text-only chapters have no play button; links open the reader page', async () => {
    render(<DownloadsView />);
    expect(await screen.findByText('已下载内容共占用 2.0 MB')).toBeInTheDocument();
    const first = screen.getByTestId('download-11');
    expect(first).toHaveTextContent('2.0 MB · 5 分钟');
    expect(screen.getByTestId('download-12')).toHaveTextContent('仅文字');
    expect(screen.getAllByRole('button', { name: '收听' })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: '阅读' })[0]).toHaveAttribute('href', '/m/read/11');
    const { recheckNow } = jest.requireMock('@/lib/client/offline/recheck') as { recheckNow: jest.Mock };
    expect(recheckNow).toHaveBeenCalled();
  });

  it('says plainly when this browser cannot play downloaded audio (iOS before 17.1)', async () => {
    render(<DownloadsView />);
    fireEvent.click(await screen.findByRole('button', { name: '收听' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('此浏览器无法离线播放已下载的音频');
  });

  it('deletes a chapter and a whole novel', async () => {
    const { deleteChapters } = jest.requireMock('@/lib/client/offline/downloads') as { deleteChapters: jest.Mock };
    render(<DownloadsView />);
    fireEvent.click((await screen.findAllByRole('button', { name: '删除' }))[1]!);
    await waitFor(() => expect(deleteChapters).toHaveBeenLastCalledWith(expect.anything(), 7, [12]));
    fireEvent.click(screen.getByRole('button', { name: '删除本书' }));
    await waitFor(() => expect(deleteChapters).toHaveBeenLastCalledWith(expect.anything(), 7, [11, 12]));
  });
});
