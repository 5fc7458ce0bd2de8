import { fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { OfflineManifest } from '@/lib/shared/dto/offline';
import { fetchRoutes } from '@/test/fetch-routes';
import { DownloadSheet } from './download-sheet';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';

// Each render starts from an empty SWR cache (docs/development.md "Server data in the browser: SWR hooks").
const FreshCache = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: FreshCache });

jest.mock('@/lib/client/offline/downloads', () => ({
  downloadManifest: jest.fn(async (_env: unknown, _id: number, manifest: OfflineManifest, progress: (d: number, t: number) => void) => {
    progress(1, manifest.chapters.length);
    return { bytes: 3 * 1024 * 1024, failed: [] };
  }),
  readIndex: jest.fn(async () => ({ novels: [] })),
  indexBytes: jest.fn(() => 5 * 1024 * 1024),
}));
jest.mock('hls.js/light', () => ({ __esModule: true, default: {} }));

const chapter = (id: number, audio: boolean) => ({
  article_id: id,
  idx: id,
  title: `第${id}章`,
  read_url: `/m/read/${id}`,
  paragraphs: ['一段'],
  text_bytes: 100,
  audio: audio
    ? { playlist_url: `/audio/${id}/index.m3u8?m=7&e=1&s=ff`, segments: [], time_track: [0], duration: 60, bytes: 1024 * 1024 }
    : null,
});
const manifest: OfflineManifest = {
  novel_id: 1,
  novel_title: '大唐归途',
  thumb: null,
  chapters: [chapter(1, true), chapter(2, false)],
  excluded: [{ article_id: 3, reason: 'locked' }],
  total_bytes: 1024 * 1024 + 200,
};

const browserCaches = { keys: async () => [], open: async () => ({}) };

beforeEach(() => {
  Cookies.set('member_id', '7');
  Object.assign(globalThis, { caches: browserCaches });
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  Cookies.remove('member_id');
  delete (globalThis as { caches?: unknown }).caches;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('DownloadSheet', () => {
  it('shows what may be downloaded and its size before anything is fetched, then the storage used', async () => {
    const { calls } = fetchRoutes({ 'GET /v1/offline/manifest': manifest });
    render(<DownloadSheet novelId={1} startId={1} onClose={() => undefined} />);
    expect(await screen.findByText('可下载 2 章，共约 1.0 MB')).toBeInTheDocument();
    expect(screen.getByText('其中 1 章需购买后才能下载，已跳过')).toBeInTheDocument();
    expect(screen.getByText(/1 章的音频尚未生成/)).toBeInTheDocument();
    expect(calls.at(-1)!.query).toEqual({ novel_id: '1', start: '1', count: '10' });

    fireEvent.change(screen.getByRole('combobox'), { target: { value: '3' } });
    await waitFor(() => expect(calls.at(-1)!.query.count).toBe('3'));

    fireEvent.click(await screen.findByRole('button', { name: '开始下载' }));
    expect(await screen.findByText('下载完成，本次占用 3.0 MB')).toBeInTheDocument();
    expect(screen.getByText('已下载内容共占用 5.0 MB')).toBeInTheDocument();
    const { downloadManifest } = jest.requireMock('@/lib/client/offline/downloads') as { downloadManifest: jest.Mock };
    expect(downloadManifest.mock.calls[0]![1]).toBe(7);
  });

  it('says so when the range holds nothing downloadable, and shows the server’s refusal', async () => {
    fetchRoutes({ 'GET /v1/offline/manifest': { ...manifest, chapters: [], total_bytes: 0 } });
    const { unmount } = render(<DownloadSheet novelId={1} startId={1} onClose={() => undefined} />);
    expect(await screen.findByText('这一范围内没有可下载的章节')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始下载' })).toBeDisabled();
    unmount();
    fetchRoutes({});
    render(<DownloadSheet novelId={1} startId={1} onClose={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('接口不存在');
  });

  it('tells a browser without service workers that it cannot download', () => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    const { calls } = fetchRoutes({ 'GET /v1/offline/manifest': manifest });
    render(<DownloadSheet novelId={1} startId={1} onClose={() => undefined} />);
    expect(screen.getByText(/当前浏览器不支持离线下载/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
