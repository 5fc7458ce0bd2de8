import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ListenController, type ListenDeps } from '@/lib/client/listen/controller';
import { registerListenController } from '@/lib/client/listen/registry';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, lockedListenChapter, signed } from '@/test/listen-fixtures';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { ListenView } from './listen-view';

// docs/listening.md "Preview of a locked chapter" and "Comments while listening" on the listen page.

function player() {
  const media = new FakeMedia();
  const controller = new ListenController({
    media,
    attach: (m: FakeMedia, url: string) => {
      m.src = url;
      return () => m.load();
    },
    fetchChapter: async (id: number) => listenChapter(id),
    signUrl: async (base: string) => signed(base),
    postProgress: () => undefined,
    savedPosition: async () => null,
    openPlaySetting: () => undefined,
    notify: () => undefined,
    messagingApp: false,
  } as unknown as ListenDeps);
  registerListenController(controller);
  return { media, controller };
}

function show(chapter: ReadChapter, routes: Routes = {}) {
  const fetched = mockFetch({
    'GET /v1/novels/1/favorite_tts_status': { data: { is_favorited: false } },
    'GET /v1/audio/similar': { data: [] },
    ...routes,
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ListenView initial={chapter} readType={1} author="李白" initialTime={null} />
    </SWRConfig>,
  );
  return fetched;
}

beforeEach(() => {
  localStorage.clear();
  resetListenStore();
  Element.prototype.scrollIntoView = jest.fn();
  window.scrollTo = jest.fn();
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  registerListenController(null);
  jest.restoreAllMocks();
});

describe('a locked chapter on the listen page', () => {
  it('asks for the preview in the voice chosen in this browser for the novel language', async () => {
    localStorage.setItem('listen.voices', JSON.stringify({ 1: 'espeak-ng:cmn+f3', 0: 'espeak-ng:ug' }));
    player();
    const fetched = show(lockedListenChapter(21), {
      'POST /v1/audio/articles/preview_url': { data: { url: '/audio/21/preview.m3u8?m=9&e=1&s=x', expires_at: '', max_seconds: 30 } },
      'GET /audio/21/preview.m3u8': { data: null },
    });
    await waitFor(() => expect(fetched.calls.find((c) => c.path === '/v1/audio/articles/preview_url')).toBeDefined());
    expect(fetched.calls.find((c) => c.path === '/v1/audio/articles/preview_url')!.body).toEqual({
      article_id: 21,
      voice: 'espeak-ng:cmn+f3',
    });
  });

  it('plays the preview, and once bought the full chapter continues from the preview’s position', async () => {
    document.cookie = 'member_id=9; path=/';
    const { media } = player();
    const fetched = show(lockedListenChapter(21), {
      'POST /v1/audio/articles/preview_url': { data: { url: '/audio/21/preview.m3u8?m=9&e=1&s=x', expires_at: '', max_seconds: 30 } },
      'GET /audio/21/preview.m3u8': { data: null },
      'POST /v1/novels/1/buy': { data: {} },
      'GET /v1/read/21': { data: listenChapter(21, { is_free: false, access: 'unlocked' }) },
    });
    const audio = await waitFor(() => {
      const el = document.querySelector<HTMLAudioElement>('.listen-preview audio');
      expect(el?.getAttribute('src')).toBe('/audio/21/preview.m3u8?m=9&e=1&s=x');
      return el!;
    });
    expect(fetched.calls.find((c) => c.path === '/v1/audio/articles/preview_url')?.body).toEqual({ article_id: 21 });
    await waitFor(() => expect(screen.getByRole('button', { name: '暂停试听' })).toBeInTheDocument());
    // The visit's player stays silent during the preview.
    expect(media.playCalls).toBe(0);

    Object.defineProperty(audio, 'currentTime', { value: 12.4, configurable: true, writable: true });
    act(() => {
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByText('试听 0:12 / 0:00', { exact: false })).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '购买本章' }));
    });
    await waitFor(() => expect(media.src).toBe(signed('/audio/21/index.m3u8')));
    expect(useListenStore.getState()).toMatchObject({ needMoney: false, savedPosition: 12.4 });
    expect(document.querySelector('.listen-preview')).toBeNull();
    act(() => media.becomeReady(300));
    expect(media.currentTime).toBe(12.4);
    expect(media.paused).toBe(false);
    document.cookie = 'member_id=; path=/; max-age=0';
  });

  it('stops at the preview limit and says so', async () => {
    player();
    show(lockedListenChapter(21), {
      'POST /v1/audio/articles/preview_url': { data: { url: '/audio/21/preview.m3u8?m=9&e=1&s=x', expires_at: '', max_seconds: 10 } },
      'GET /audio/21/preview.m3u8': { data: null },
    });
    const audio = await waitFor(() => {
      const el = document.querySelector<HTMLAudioElement>('.listen-preview audio[src]');
      expect(el).not.toBeNull();
      return el!;
    });
    Object.defineProperty(audio, 'currentTime', { value: 10.1, configurable: true, writable: true });
    act(() => {
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('试听结束，购买后从这里继续收听');
  });

  it('a preview playlist the server refuses says there is no preview, and nothing is played', async () => {
    player();
    show(lockedListenChapter(21), {
      'POST /v1/audio/articles/preview_url': { data: { url: '/audio/21/preview.m3u8?m=9&e=1&s=x', expires_at: '', max_seconds: 30 } },
      'GET /audio/21/preview.m3u8': { status: 404, code: 40400, message: '本章暂无试听' },
    });
    await waitFor(() => expect(screen.getByText('本章暂无试听')).toBeInTheDocument());
    expect(document.querySelector('.listen-preview audio[src]')).toBeNull();
  });

  it('a chapter without a preview says so', async () => {
    player();
    show(lockedListenChapter(21), { 'POST /v1/audio/articles/preview_url': { status: 403, code: 40300, message: '本章暂无试听' } });
    await waitFor(() => expect(screen.getByText('本章暂无试听')).toBeInTheDocument());
  });
});

describe('comments while listening', () => {
  it('shows the spoken paragraph’s count and top comment from one call, and opens its thread without pausing', async () => {
    const { media } = player();
    const chapter = listenChapter(1, { time_track: [0, 5, 10] });
    const fetched = show(chapter, {
      'GET /v1/novels/comments/paragraph_tops': {
        data: {
          paragraphs: {
            [paragraphHash(chapter.paragraphs[1]!)]: { count: 3, top: { id: 8, nickname: '书友', likes: 2, content: '写得好' } },
          },
        },
      },
      'GET /v1/novels/comments': { data: { data: [], hasmore: false, count: 0 } },
    });
    await act(async () => undefined);
    act(() => media.becomeReady(15));
    act(() => media.advanceTo(1));
    expect(screen.queryByText('本段 3 条段评')).toBeNull();
    act(() => media.advanceTo(6));
    act(() => media.advanceTo(7));
    const strip = await screen.findByRole('button', { name: /本段 3 条段评/ });
    expect(strip).toHaveTextContent('书友：写得好');
    expect(fetched.calls.filter((c) => c.path === '/v1/novels/comments/paragraph_tops')).toHaveLength(1);
    await act(async () => {
      fireEvent.click(strip);
    });
    await screen.findByRole('dialog');
    expect(media.paused).toBe(false);
  });

  it('offers 回到正在播放 when the spoken paragraph is scrolled away, and scrolls back to it', async () => {
    const { media } = player();
    show(listenChapter(1, { time_track: [0, 5, 10] }), { 'GET /v1/novels/comments/paragraph_tops': { data: { paragraphs: {} } } });
    await act(async () => undefined);
    act(() => media.becomeReady(15));
    act(() => media.advanceTo(6));
    const p1 = document.getElementById('p1')!;
    const rect = (top: number) => ({
      top,
      bottom: top + 40,
      left: 0,
      right: 300,
      width: 300,
      height: 40,
      x: 0,
      y: top,
      toJSON: () => ({}),
    });
    p1.getBoundingClientRect = () => rect(100);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: '回到正在播放' })).toBeNull());
    p1.getBoundingClientRect = () => rect(-2000);
    // The offer's delay (1.2 s, components/listen/listen-extras.tsx) on Jest's clock: checked just before it ends and
    // as it ends, instead of waiting for it.
    jest.useFakeTimers();
    try {
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      // Not at once: the page's own follow-scroll to a new paragraph must not make it flash.
      act(() => jest.advanceTimersByTime(1_150));
      expect(screen.queryByRole('button', { name: '回到正在播放' })).toBeNull();
      act(() => jest.advanceTimersByTime(100));
    } finally {
      jest.useRealTimers();
    }
    const back = screen.getByRole('button', { name: '回到正在播放' });
    (Element.prototype.scrollIntoView as jest.Mock).mockClear();
    fireEvent.click(back);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    expect((Element.prototype.scrollIntoView as jest.Mock).mock.contexts[0]).toBe(p1);
  });
});
