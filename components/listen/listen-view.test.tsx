import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ListenController, type ListenDeps } from '@/lib/client/listen/controller';
import { registerListenController } from '@/lib/client/listen/registry';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, lockedListenChapter, signed } from '@/test/listen-fixtures';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { ListenView } from './listen-view';
import { TtsUnavailable } from './tts-unavailable';

const scrolled: string[] = [];

function player(chapters: Record<number, ReadChapter> = {}) {
  const media = new FakeMedia();
  const attach = jest.fn((m: FakeMedia, url: string) => {
    m.src = url;
    return () => m.load();
  });
  const deps = {
    media,
    attach,
    fetchChapter: jest.fn(async (id: number) => chapters[id] ?? listenChapter(id)),
    signUrl: jest.fn(async (base: string) => signed(base)),
    postProgress: jest.fn(),
    savedPosition: jest.fn(async () => null),
    openPlaySetting: jest.fn(),
    notify: jest.fn(),
    messagingApp: false,
  };
  const controller = new ListenController(deps as unknown as ListenDeps);
  registerListenController(controller);
  return { media, controller, attach };
}

function show(chapter: ReadChapter, routes: Routes = {}, initialTime: number | null = null) {
  const fetched = mockFetch({
    'GET /v1/novels/1/favorite_tts_status': { data: { is_favorited: false } },
    'GET /v1/audio/similar': { data: [] },
    ...routes,
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ListenView initial={chapter} readType={1} author="李白" initialTime={initialTime} />
    </SWRConfig>,
  );
  return fetched;
}

const paragraph = (i: number) => document.getElementById(`p${i}`)!;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetListenStore();
  useModalStore.setState({ current: null });
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this.id);
  };
  window.scrollTo = jest.fn();
});

afterEach(() => {
  registerListenController(null);
  jest.useRealTimers();
});

describe('ListenView', () => {
  it('hands its chapter to the player, which signs the stream and starts it at the given time', async () => {
    const { media } = player();
    show(listenChapter(1), {}, 42);
    await act(async () => undefined);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('大唐归途');
    expect(screen.getByText('第1章', { selector: '.listen-chapter' })).toBeInTheDocument();
    expect(media.src).toBe(signed('/audio/1/index.m3u8'));
    act(() => media.becomeReady(300));
    expect(media.currentTime).toBe(42);
    expect(screen.getByRole('button', { name: '暂停' })).toBeInTheDocument();
  });

  it('the playback rate steps through 0.75–2× and persists in listen.playbackRate', async () => {
    const { media } = player();
    show(listenChapter(1));
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: '1x 倍速' }));
    expect(localStorage.getItem('listen.playbackRate')).toBe('1.25');
    expect(media.playbackRate).toBe(1.25);
    fireEvent.click(screen.getByRole('button', { name: '1.25x 倍速' }));
    fireEvent.click(screen.getByRole('button', { name: '1.5x 倍速' }));
    fireEvent.click(screen.getByRole('button', { name: '2x 倍速' }));
    expect(screen.getByRole('button', { name: '0.75x 倍速' })).toBeInTheDocument();
    expect(localStorage.getItem('listen.playbackRate')).toBe('0.75');
  });

  it('the sleep timer shows the time left and stops playback when it is up', async () => {
    const { media } = player();
    show(listenChapter(1));
    await act(async () => undefined);
    act(() => media.becomeReady(3600));
    fireEvent.click(screen.getByRole('button', { name: '关 定时关闭' }));
    // The sheet's code loads at the first tap.
    const sheet = await screen.findByRole('dialog', { name: '定时关闭' });
    fireEvent.click(within(sheet).getByRole('button', { name: '15分钟后停止播放' }));
    expect(screen.getByRole('button', { name: '15:00 定时关闭' })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('button', { name: '14:00 定时关闭' })).toBeInTheDocument();
    expect(media.paused).toBe(false);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(14 * 60_000);
    });
    expect(media.paused).toBe(true);
    expect(screen.getByRole('button', { name: '关 定时关闭' })).toBeInTheDocument();
  });

  it('highlights the paragraph being spoken from the time track and keeps it in view', async () => {
    const { media } = player();
    show(listenChapter(1, { time_track: [0, 5, 10] }));
    await act(async () => undefined);
    act(() => media.becomeReady(15));
    act(() => media.advanceTo(6));
    expect(paragraph(1)).toHaveAttribute('aria-current', 'true');
    expect(paragraph(0)).not.toHaveAttribute('aria-current');
    act(() => media.advanceTo(11));
    expect(paragraph(2)).toHaveAttribute('aria-current', 'true');
    expect(scrolled).toEqual(['p0', 'p1', 'p2']);
  });

  it('polls the time track of a chapter being synthesized until it is complete', async () => {
    const { media } = player();
    let calls = 0;
    const { calls: requests } = show(listenChapter(1), {
      'GET /v1/articles/1/tts_time_track': () => {
        calls++;
        return {
          data:
            calls === 1
              ? { article_id: 1, time_track: [0], duration: null, complete: false }
              : { article_id: 1, time_track: [0, 5, 10], duration: 15, complete: true },
        };
      },
    });
    await act(async () => undefined);
    act(() => media.becomeReady(15));
    act(() => media.advanceTo(6));
    expect(paragraph(0)).toHaveAttribute('aria-current', 'true');
    // Playback re-renders the page several times a second; the polling must go on regardless.
    for (let t = 6.25; t <= 7.5; t += 0.25) {
      act(() => media.advanceTo(t));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(500);
      });
    }
    expect(paragraph(1)).toHaveAttribute('aria-current', 'true');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(9_000);
    });
    expect(requests.filter((r) => r.path === '/v1/articles/1/tts_time_track')).toHaveLength(2);
  });

  it('tapping a paragraph seeks there', async () => {
    const { media } = player();
    show(listenChapter(1, { time_track: [0, 5, 10] }));
    await act(async () => undefined);
    act(() => media.becomeReady(15));
    fireEvent.click(paragraph(2));
    expect(media.currentTime).toBe(10);
    expect(paragraph(2)).toHaveAttribute('aria-current', 'true');
  });

  it('back and forward 15 s, and the seek bar seeks on release', async () => {
    const { media } = player();
    show(listenChapter(1));
    await act(async () => undefined);
    act(() => media.becomeReady(300));
    fireEvent.click(screen.getByRole('button', { name: '前进15秒' }));
    expect(media.currentTime).toBe(15);
    fireEvent.click(screen.getByRole('button', { name: '后退15秒' }));
    expect(media.currentTime).toBe(0);
    const bar = screen.getByRole('slider', { name: '播放进度' });
    fireEvent.change(bar, { target: { value: '120' } });
    expect(media.currentTime).toBe(0);
    fireEvent.pointerUp(bar);
    expect(media.currentTime).toBe(120);
  });

  it('a locked chapter shows the purchase in the player and never plays', async () => {
    const { media, attach } = player();
    show(lockedListenChapter(21));
    await act(async () => undefined);
    expect(screen.getByRole('heading', { name: '本章为付费章节' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '播放' })).not.toBeInTheDocument();
    expect(useListenStore.getState().needMoney).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    expect(attach).not.toHaveBeenCalled();
    expect(media.playCalls).toBe(0);
  });

  it('bought from the player, the chapter plays', async () => {
    document.cookie = 'member_id=9; path=/';
    const { media } = player();
    show(lockedListenChapter(21), {
      'POST /v1/novels/1/buy': { data: {} },
      'GET /v1/read/21': { data: listenChapter(21, { is_free: false, access: 'unlocked' }) },
    });
    await act(async () => undefined);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '购买本章' }));
    });
    await waitFor(() => expect(media.src).toBe(signed('/audio/21/index.m3u8')));
    expect(useListenStore.getState().needMoney).toBe(false);
    document.cookie = 'member_id=; path=/; max-age=0';
  });

  it('follows the player to the next chapter (continuous play or 下一章), address included', async () => {
    player();
    show(listenChapter(1));
    await act(async () => undefined);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '下一章' }));
    });
    await waitFor(() => expect(screen.getByText('第2章', { selector: '.listen-chapter' })).toBeInTheDocument());
    expect(window.location.pathname).toBe('/m/listen/2');
    expect(window.location.search).toBe('?read_type=1');
  });

  it('the favourite goes on the audio shelf and off again', async () => {
    player();
    const { calls } = show(listenChapter(1), { 'POST /v1/favorites_tts': { data: {} }, 'DELETE /v1/favorites': { data: { removed: 1 } } });
    await act(async () => undefined);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '加入听单' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ nid: 1, read_type: 2 });
    expect(screen.getByRole('button', { name: '已在听单' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '已在听单' }));
    });
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/v1/favorites?nid=1&read_type=2');
    expect(useListenStore.getState().is_favorited).toBe(false);
  });

  it('the chapter list and the continuous-play setting open their modals', async () => {
    player();
    show(listenChapter(1));
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: /目录/ }));
    expect(useModalStore.getState().current).toEqual({
      name: 'chapters',
      props: { novelId: 1, currentArticleId: 1, currentIdx: 1, listenReadType: 1 },
    });
    // Each tool's name is its visible text (value, then label): what a voice-control user says is what they see.
    fireEvent.click(screen.getByRole('button', { name: /连播$/ }));
    expect(document.querySelectorAll('.listen-tools [aria-label]')).toHaveLength(0);
    expect(useModalStore.getState().current).toEqual({ name: 'play-setting', props: { type: 0 } });
  });

  it('打赏 opens the gift modal for this novel and chapter, from the listen page', async () => {
    player();
    show(listenChapter(1));
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: '打赏' }));
    expect(useModalStore.getState().current).toEqual({ name: 'gift', props: { novelId: 1, chapterId: 1, scene: 'listen' } });
  });

  it('lists similar audio novels, each opening its first chapter on the listen page', async () => {
    player();
    const similar = {
      ...listenChapter(1).novel,
      id: 9,
      title: '长安十二时辰',
      banner: null,
      summary: '',
      tags: [],
      cover_tag: null,
      first_article_id: 901,
      ctype: 2,
      status: 0,
      word_count: 1,
      author: { id: 1, name: 'x' },
    };
    show(listenChapter(1), { 'GET /v1/audio/similar': { data: [similar] } });
    await waitFor(() => expect(screen.getByRole('link', { name: /长安十二时辰/ })).toHaveAttribute('href', '/m/listen/901?read_type=2'));
  });

  it('asks for similar audio only when the listener scrolls near the end of the chapter', async () => {
    let near: () => void = () => undefined;
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
      constructor(private cb: IntersectionObserverCallback) {
        // The list's marker comes within the margin below the screen (components/ui/use-near-screen.ts).
        const below = { isIntersecting: true, boundingClientRect: { top: window.innerHeight + 100 } };
        near = () => this.cb([below as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      observe() {}
      disconnect() {}
    };
    try {
      player();
      const fetched = show(listenChapter(1), {
        'GET /v1/audio/similar': { data: [{ ...listenChapter(1).novel, id: 9, first_article_id: 901 }] },
      });
      await act(async () => undefined);
      expect(fetched.calls.some((c) => c.url.startsWith('/v1/audio/similar'))).toBe(false);
      expect(screen.queryByRole('heading', { name: '相似好书' })).not.toBeInTheDocument();
      act(() => {
        near();
        window.dispatchEvent(new Event('scroll'));
      });
      await waitFor(() => expect(fetched.calls.some((c) => c.url === '/v1/audio/similar?nid=1')).toBe(true));
    } finally {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});

describe('TtsUnavailable', () => {
  it('says plainly that listening is not available, and offers the text', () => {
    const chapter = listenChapter(1, {
      novel_id: 4,
      m3u8_url: null,
      novel: { ...listenChapter(1).novel, id: 4, title: 'བོད་ཀྱི་གཏམ་རྒྱུད།', language_type: 2, has_tts: false },
    });
    render(<TtsUnavailable chapter={chapter} author="x" />);
    expect(screen.getByRole('status')).toHaveTextContent('本书暂不支持听书');
    expect(screen.getByRole('link', { name: '阅读本章' })).toHaveAttribute('href', '/m/read/1?nid=4');
    expect(screen.queryByRole('button', { name: '播放' })).not.toBeInTheDocument();
  });
});
