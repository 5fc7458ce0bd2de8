import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { resetConfigForTests } from '@/lib/client/config';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { mockFetch } from '@/test/mock-fetch';
import { MiniPlayer } from './mini-player';
import { miniPlayerBottom, miniPlayerShape } from './mini-player-offset';

let pathname = '/m';
const push = jest.fn();
jest.mock('next/navigation', () => ({ usePathname: () => pathname, useRouter: () => ({ push }) }));

const TTS = { enabled: true, voices: { 1: 'cmn' }, default_rate: 1 };
const novel = { id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '李白' };
const article = { id: 7, next_id: 8, novel_id: 1 };

function controls() {
  return { sync: jest.fn(), toggle: jest.fn(), pause: jest.fn(), close: jest.fn(() => useListenStore.getState().setVisible(false)) };
}

function show(controller = controls(), tts: unknown = TTS) {
  mockFetch({ 'GET /v1/spa/config': { data: { tts } } });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MiniPlayer controller={controller} />
    </SWRConfig>,
  );
  return controller;
}

const player = () => screen.queryByRole('complementary', { name: '听书播放器' });

beforeEach(() => {
  pathname = '/m';
  localStorage.clear();
  resetListenStore();
  resetConfigForTests();
  useModalStore.setState({ current: null });
  useListenStore.setState({ novel, article, visible: true, m3u8Url: '/audio/7/index.m3u8?m=1&e=9&s=x', hydrated: true });
});

describe('MiniPlayer visibility', () => {
  it('shows with a novel, an article and the tts config; the cover opens the listen page', async () => {
    show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    expect(screen.getByRole('link', { name: /打开听书页：大唐归途/ })).toHaveAttribute('href', '/m/listen/7?read_type=1');
  });

  it('docks as a bar outside the reader, with the title and chapter; a disc in the reader that plays and pauses', async () => {
    useListenStore.setState({ chapterTitle: '第一章 启程' });
    const c = show();
    await waitFor(() => expect(player()).toHaveAttribute('data-shape', 'dock'));
    expect(player()).toHaveTextContent('大唐归途');
    expect(player()).toHaveTextContent('第一章 启程');
    // The stylesheet docks it: no inline offset while no modal is open.
    expect(player()!.style.bottom).toBe('');
    pathname = '/m/read/7';
    act(() => useListenStore.setState({ currentTime: 2 }));
    await waitFor(() => expect(player()).toHaveAttribute('data-shape', 'disc'));
    expect(screen.queryByRole('button', { name: '关闭播放器' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '播放：大唐归途' }));
    expect(c.toggle).toHaveBeenCalledTimes(1);
  });

  it('stays hidden without the tts config', async () => {
    const { fn } = mockFetch({ 'GET /v1/spa/config': { data: { tts: null } } });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MiniPlayer controller={controls()} />
      </SWRConfig>,
    );
    await waitFor(() => expect(fn).toHaveBeenCalled());
    await act(async () => undefined);
    expect(player()).not.toBeInTheDocument();
  });

  it('stays hidden without a novel or an article', async () => {
    useListenStore.setState({ article: null });
    show();
    await act(async () => undefined);
    expect(player()).not.toBeInTheDocument();
    act(() => useListenStore.setState({ article }));
    await waitFor(() => expect(player()).toBeInTheDocument());
  });

  it('stays hidden on the listen pages', async () => {
    pathname = '/m/listen/7';
    show();
    await act(async () => undefined);
    expect(player()).not.toBeInTheDocument();
    pathname = '/m/library';
    act(() => useListenStore.setState({ currentTime: 1 }));
    await waitFor(() => expect(player()).toBeInTheDocument());
  });

  it('stays hidden once closed (listen.visable 0)', async () => {
    useListenStore.setState({ visible: false });
    show();
    await act(async () => undefined);
    expect(player()).not.toBeInTheDocument();
    act(() => useListenStore.getState().setVisible(true));
    await waitFor(() => expect(player()).toBeInTheDocument());
  });

  it('asks the controller to set the source on every update (the controller keeps only the first)', async () => {
    const c = show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    const before = c.sync.mock.calls.length;
    act(() => useListenStore.setState({ currentTime: 3 }));
    expect(c.sync.mock.calls.length).toBeGreaterThan(before);
  });
});

describe('MiniPlayer controls', () => {
  it('play/pause follows the listen state and toggles the player', async () => {
    const c = show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(c.toggle).toHaveBeenCalledTimes(1);
    act(() => useListenStore.setState({ playing: true }));
    expect(screen.getByRole('button', { name: '暂停' })).toBeInTheDocument();
  });

  it('close pauses through the controller and hides the player', async () => {
    const c = show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '关闭播放器' }));
    expect(c.close).toHaveBeenCalled();
    expect(localStorage.getItem('listen.visable')).toBe('0');
    expect(player()).not.toBeInTheDocument();
  });

  it('a locked chapter never plays from here: play opens the listen page with its purchase', async () => {
    useListenStore.setState({ needMoney: true });
    const c = show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(c.toggle).not.toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith('/m/listen/7?read_type=1');
  });

  it('the progress ring shows how far the chapter has played', async () => {
    useListenStore.setState({ currentTime: 75, duration: 300 });
    show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    const ring = document.querySelector('.mini-ring-done')!;
    const length = Number(ring.getAttribute('stroke-dasharray'));
    expect(Number(ring.getAttribute('stroke-dashoffset'))).toBeCloseTo(length * 0.75);
  });

  it('docks by the stylesheet; 465 px up over the read-continue modal, just above another popup', async () => {
    show();
    await waitFor(() => expect(player()).toBeInTheDocument());
    expect(player()!.style.bottom).toBe('');
    act(() => useModalStore.getState().open('read-continue', {}));
    expect(player()!.style.bottom).toBe('calc(465px + env(safe-area-inset-bottom))');
    expect(miniPlayerBottom('promotion-popup', 300)).toBe(308);
    expect(miniPlayerBottom(null, 300)).toBeNull();
    expect(miniPlayerShape('/m/read/7')).toBe('disc');
    expect(miniPlayerShape('/m/novels/7')).toBe('dock');
  });
});
