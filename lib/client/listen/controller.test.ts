import { KEEP_LISTENING_PROMPT_URL } from '@/lib/shared/audio';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, lockedListenChapter, signed } from '@/test/listen-fixtures';
import { resetListenStore, useListenStore } from '../stores/listen-store';
import { ListenController, type ListenDeps } from './controller';

const state = () => useListenStore.getState();
const flush = () => jest.advanceTimersByTimeAsync(0);

function setup(over: Partial<ListenDeps> = {}, chapters: Record<number, ReadChapter> = {}) {
  const media = new FakeMedia();
  const attach = jest.fn((m: FakeMedia, url: string, _options?: { startPosition: number }) => {
    m.src = url;
    return () => m.load();
  });
  const deps = {
    media,
    attach,
    fetchChapter: jest.fn(async (id: number) => chapters[id] ?? listenChapter(id)),
    signUrl: jest.fn(async (base: string) => signed(base)),
    postProgress: jest.fn(),
    savedPosition: jest.fn(async () => null as number | null),
    openPlaySetting: jest.fn(),
    notify: jest.fn(),
    messagingApp: false,
    ...over,
  };
  const controller = new ListenController(deps as unknown as ListenDeps);
  return { media, controller, deps, attach };
}

/** A chapter opened on the listen page and playing: attached, ready, sound coming out. */
async function playing(chapter = listenChapter(1), over: Partial<ListenDeps> = {}, duration = 300) {
  const ctx = setup(over);
  await ctx.controller.open(chapter, { readType: 1, autoplay: true, author: '李白' });
  ctx.media.becomeReady(duration);
  return ctx;
}

function storeListening(article = { id: 7, next_id: 8, novel_id: 1 }, url = signed('/audio/7/index.m3u8')) {
  localStorage.setItem('listen.novel', JSON.stringify({ id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '李白' }));
  localStorage.setItem('listen.article', JSON.stringify(article));
  localStorage.setItem('listen.m3u8_url', url);
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetListenStore();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the source', () => {
  it('is set once, on the first update while visible with an article and a stream address', () => {
    storeListening();
    localStorage.setItem('listen.visable', '0');
    const { controller, media, attach } = setup();
    controller.sync();
    expect(state().isCreated).toBe(false);

    state().setVisible(true);
    controller.sync();
    expect(state().isCreated).toBe(true);

    state().patch({ m3u8Url: signed('/audio/99/index.m3u8') });
    controller.sync();
    controller.play();
    return flush().then(() => {
      expect(attach).toHaveBeenCalledTimes(1);
      expect(media.src).toBe(signed('/audio/7/index.m3u8'));
    });
  });

  it('is not set without an article or a stream address', () => {
    localStorage.setItem('listen.m3u8_url', signed('/audio/7/index.m3u8'));
    const { controller } = setup();
    controller.sync();
    expect(state().isCreated).toBe(false);
  });

  it('comes from the signed address of the chapter, and the listening is stored under the listen.* keys', async () => {
    const { controller, deps, media } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, author: '李白' });
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/1/index.m3u8');
    expect(media.src).toBe(signed('/audio/1/index.m3u8'));
    expect(JSON.parse(localStorage.getItem('listen.article')!)).toEqual({ id: 1, next_id: 2, novel_id: 1 });
    expect(JSON.parse(localStorage.getItem('listen.novel')!)).toEqual({
      id: 1,
      title: '大唐归途',
      thumb: '/covers/1.svg',
      ctype: 1,
      author: '李白',
    });
    expect(localStorage.getItem('listen.m3u8_url')).toBe(signed('/audio/1/index.m3u8'));
    expect(localStorage.getItem('listen.visable')).toBe('1');
  });

  it('is signed again when the stored address has expired, instead of being handed to the element', async () => {
    storeListening({ id: 7, next_id: 8, novel_id: 1 }, '/audio/7/index.m3u8?m=9&e=1000&s=old');
    const { controller, deps, media } = setup();
    controller.sync();
    controller.play();
    await flush();
    expect(deps.fetchChapter).toHaveBeenCalledWith(7, 1);
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/7/index.m3u8');
    expect(media.src).toBe(signed('/audio/7/index.m3u8'));
  });

  it("restored after a reload resumes at the position of the member's listening log", async () => {
    storeListening();
    const { controller, deps, media, attach } = setup({ savedPosition: jest.fn(async () => 95) });
    controller.sync();
    controller.play();
    await flush();
    expect(deps.savedPosition).toHaveBeenCalledWith(1, 7);
    expect(attach.mock.calls[0]![2]).toMatchObject({ startPosition: 95 });
    media.becomeReady(300);
    expect(media.currentTime).toBe(95);
  });
});

describe('play and pause', () => {
  it('are mirrored to the listen state, whoever pauses (a headset, the lock screen)', async () => {
    const { media, controller } = await playing();
    expect(state().playing).toBe(true);
    media.pause();
    expect(state().playing).toBe(false);
    controller.play();
    expect(state().playing).toBe(true);
  });

  it('pausing records the progress', async () => {
    const { media, controller, deps } = await playing();
    media.advanceTo(12.7);
    controller.pause();
    expect(deps.postProgress).toHaveBeenCalledWith({ article_id: 1, read_type: 1, time_track: 12 });
  });

  it('a refused autoplay leaves the player paused, waiting for a tap', async () => {
    const { controller, media } = setup();
    media.refusePlay = 'NotAllowedError';
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    await flush();
    expect(state().playing).toBe(false);
  });

  it('a page opened with no tap yet attaches nothing (no playlist, no hls.js) until play is tapped; the messaging app still starts', async () => {
    const activation = { hasBeenActive: false };
    Object.defineProperty(navigator, 'userActivation', { value: activation, configurable: true });
    try {
      const { controller, attach } = setup();
      await controller.open(listenChapter(1), { readType: 1, autoplay: true });
      await flush();
      expect(attach).not.toHaveBeenCalled();
      expect(state()).toMatchObject({ playing: false, isCreated: true });
      activation.hasBeenActive = true;
      controller.play();
      await flush();
      expect(attach).toHaveBeenCalledTimes(1);

      const wechat = setup({ messagingApp: true });
      activation.hasBeenActive = false;
      await wechat.controller.open(listenChapter(2), { readType: 1, autoplay: true });
      await flush();
      expect(wechat.attach).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(navigator, 'userActivation', { value: undefined, configurable: true });
    }
  });
});

describe('on canplay', () => {
  it('applies the saved rate, stores the duration, seeks to the saved position at zero, then plays', async () => {
    localStorage.setItem('listen.playbackRate', '1.5');
    const { controller, media } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 42 });
    media.pause();
    const playsBefore = media.playCalls;
    controller.play();
    media.becomeReady(300);
    expect(media.playbackRate).toBe(1.5);
    expect(state().duration).toBe(300);
    expect(media.currentTime).toBe(42);
    expect(media.playCalls).toBeGreaterThan(playsBefore);
    expect(media.paused).toBe(false);
  });

  it('leaves a position that is not zero alone (hls.js already started there)', async () => {
    const { controller, media } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 42 });
    media.currentTime = 40;
    media.becomeReady(300);
    expect(media.currentTime).toBe(40);
  });

  it('the rate defaults to 1', async () => {
    const { media } = setup();
    media.playbackRate = 0.5;
    const ctx = await playing();
    expect(ctx.media.playbackRate).toBe(1);
  });
});

describe('on ended', () => {
  it('with episodes left: the counter drops, the progress is recorded and the next chapter plays', async () => {
    state().setContinuousPlayType(1);
    const { media, deps } = await playing();
    media.reachEnd();
    await flush();
    expect(state().continuousPlay).toBe(2);
    expect(localStorage.getItem('listen.continuous_play')).toBe('2');
    expect(deps.postProgress).toHaveBeenCalledWith({ article_id: 1, read_type: 1, time_track: 300 });
    expect(deps.fetchChapter).toHaveBeenCalledWith(2, 1);
    expect(media.src).toBe(signed('/audio/2/index.m3u8'));
    expect(state().article).toEqual({ id: 2, next_id: 3, novel_id: 1 });
    expect(media.paused).toBe(false);
    expect(deps.openPlaySetting).not.toHaveBeenCalled();
  });

  it('with the counter at 0: pauses, records, plays the keep-listening prompt and opens the setting with the stored type', async () => {
    localStorage.setItem('listen.continuous_play_type', '2');
    localStorage.setItem('listen.continuous_play', '0');
    const { media, deps } = await playing();
    media.reachEnd();
    await flush();
    expect(deps.postProgress).toHaveBeenCalledWith({ article_id: 1, read_type: 1, time_track: 300 });
    expect(media.src).toBe(KEEP_LISTENING_PROMPT_URL);
    expect(media.paused).toBe(false);
    expect(state().playing).toBe(false);
    expect(deps.openPlaySetting).toHaveBeenCalledWith(2);
    expect(deps.fetchChapter).not.toHaveBeenCalled();
    expect(state().continuousPlay).toBe(0);
  });

  it('unlimited (-1) never counts down and always moves on', async () => {
    state().setContinuousPlayType(3);
    const { media, deps } = await playing();
    media.reachEnd();
    await flush();
    expect(state().continuousPlay).toBe(-1);
    expect(deps.fetchChapter).toHaveBeenCalledWith(2, 1);
  });

  it("the prompt's own end drives nothing; a tap on play afterwards plays the chapter again", async () => {
    const { media, controller, deps } = await playing();
    media.reachEnd();
    await flush();
    media.reachEnd();
    expect(deps.openPlaySetting).toHaveBeenCalledTimes(1);
    controller.play();
    expect(media.src).toBe(signed('/audio/1/index.m3u8'));
  });
});

describe('on an audio error', () => {
  it('with none flagged while playing: flags it and re-initialises the same article and read_type', async () => {
    const { media, deps } = await playing(listenChapter(5), {}, 300);
    state().patch({ read_type: 2 });
    media.advanceTo(61);
    media.fail();
    expect(state().error).toBe(true);
    await flush();
    expect(deps.fetchChapter).toHaveBeenCalledWith(5, 1);
    expect(deps.signUrl).toHaveBeenCalledTimes(2);
    expect(state().read_type).toBe(2);
    expect(state().savedPosition).toBe(61);
    media.becomeReady(300);
    expect(media.currentTime).toBe(61);
    // Sound again: a later error may re-initialise once more.
    expect(state().error).toBe(false);
  });

  it('already flagged: nothing more (no error loop)', async () => {
    const { media, deps } = await playing();
    media.fail();
    await flush();
    media.fail();
    await flush();
    expect(deps.fetchChapter).toHaveBeenCalledTimes(1);
  });

  it('while paused: only the flag', async () => {
    const { media, deps } = await playing();
    media.pause();
    media.fail();
    await flush();
    expect(state().error).toBe(true);
    expect(deps.fetchChapter).not.toHaveBeenCalled();
  });

  it('a fatal hls.js error counts as an audio error', async () => {
    const attach = jest.fn((m: FakeMedia, url: string, o: { onFatal: () => void }) => {
      m.src = url;
      setTimeout(o.onFatal, 10);
      return () => m.load();
    });
    const { deps } = await playing(listenChapter(1), { attach } as unknown as Partial<ListenDeps>);
    await jest.advanceTimersByTimeAsync(10);
    expect(state().error).toBe(true);
    expect(deps.fetchChapter).toHaveBeenCalledWith(1, 1);
  });
});

describe('progress 1', () => {
  it('pauses the audio when playback reaches the end of the duration', async () => {
    const { media } = await playing();
    media.advanceTo(300);
    expect(media.paused).toBe(true);
  });

  it('pauses the audio when the seek bar is taken to the end', async () => {
    const { media, controller } = await playing();
    controller.seek(300);
    expect(media.paused).toBe(true);
    expect(state().playing).toBe(false);
  });
});

describe('a chapter still being synthesized (a growing playlist)', () => {
  it('shows the length its time track announces while the element reports none, and is not cut short by it', async () => {
    const { media, controller } = await playing(listenChapter(1), {}, Number.POSITIVE_INFINITY);
    expect(state().duration).toBe(0);
    controller.setTimeTrack(1, [0, 5, 10], 300);
    expect(state().duration).toBe(300);
    media.advanceTo(300.5);
    expect(media.paused).toBe(false);
    media.duration = 301;
    media.emit('durationchange');
    expect(state().duration).toBe(301);
  });
});

describe('the read log', () => {
  it('is sent about every 30 s of playback, 1 s late, with the position then', async () => {
    const { media, deps } = await playing();
    media.advanceTo(29);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(deps.postProgress).not.toHaveBeenCalled();
    media.advanceTo(30.5);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(deps.postProgress).toHaveBeenCalledTimes(1);
    expect(deps.postProgress).toHaveBeenLastCalledWith({ article_id: 1, read_type: 1, time_track: 30 });
    media.advanceTo(61);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(deps.postProgress).toHaveBeenCalledTimes(2);
  });

  it('is never sent at time 0', async () => {
    const { controller, deps } = await playing();
    await jest.advanceTimersByTimeAsync(31_000);
    controller.pause();
    expect(deps.postProgress).not.toHaveBeenCalled();
  });

  it('names the paragraph being spoken when the time track is known', async () => {
    const { media, controller, deps } = await playing(listenChapter(1, { time_track: [0, 10, 20] }));
    media.advanceTo(14);
    controller.pause();
    expect(deps.postProgress).toHaveBeenCalledWith({ article_id: 1, read_type: 1, time_track: 14, idx: 1 });
  });
});

describe('in the messaging app', () => {
  it('treats the audio as ready 300 ms after it was attached when canplay never comes', async () => {
    localStorage.setItem('listen.playbackRate', '2');
    const { controller, media } = setup({ messagingApp: true });
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 42 });
    await jest.advanceTimersByTimeAsync(299);
    expect(media.currentTime).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(media.currentTime).toBe(42);
    expect(media.playbackRate).toBe(2);
  });

  it('elsewhere waits for canplay', async () => {
    const { controller, media } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 42 });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(media.currentTime).toBe(0);
  });
});

describe('needMoney', () => {
  it('a locked chapter is never played, whatever asks', async () => {
    const { controller, media, attach, deps } = setup();
    await controller.open(lockedListenChapter(21), { readType: 1, autoplay: true });
    controller.play();
    await flush();
    expect(state().needMoney).toBe(true);
    expect(attach).not.toHaveBeenCalled();
    expect(deps.signUrl).not.toHaveBeenCalled();
    expect(media.playCalls).toBe(0);
  });

  it('continuous play into a locked chapter stops there', async () => {
    state().setContinuousPlayType(3);
    const ctx = setup({}, { 21: lockedListenChapter(21) });
    await ctx.controller.open(listenChapter(20, { next_id: 21 }), { readType: 1, autoplay: true });
    ctx.media.becomeReady(100);
    const playsBefore = ctx.media.playCalls;
    ctx.media.reachEnd();
    await flush();
    expect(state().needMoney).toBe(true);
    expect(ctx.media.playCalls).toBe(playsBefore);
  });
});

describe('the player controls', () => {
  it('close pauses and stores listen.visable 0', async () => {
    const { controller, media } = await playing();
    controller.close();
    expect(media.paused).toBe(true);
    expect(state().visible).toBe(false);
    expect(localStorage.getItem('listen.visable')).toBe('0');
  });

  it('the rate applies at once and persists in listen.playbackRate', async () => {
    const { controller, media } = await playing();
    controller.setRate(1.25);
    expect(media.playbackRate).toBe(1.25);
    expect(localStorage.getItem('listen.playbackRate')).toBe('1.25');
  });

  it('skips 15 s back and forward within the chapter', async () => {
    const { controller, media } = await playing();
    media.advanceTo(10);
    controller.skip(15);
    expect(media.currentTime).toBe(25);
    controller.skip(-15);
    controller.skip(-15);
    expect(media.currentTime).toBe(0);
  });

  it('the sleep timer pauses when its time is up', async () => {
    const { controller, media } = await playing();
    controller.setSleepTimer(15);
    expect(state().sleepAt).toBe(Date.now() + 15 * 60_000);
    await jest.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(media.paused).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(media.paused).toBe(true);
    expect(state().sleepAt).toBeNull();
  });

  it('previous and next chapter, with a word at either end', async () => {
    const { controller, deps } = await playing(listenChapter(1, { prev_id: 0 }));
    await controller.previous();
    expect(deps.notify).toHaveBeenCalledWith('已经是第一章了');
    await controller.next();
    expect(state().article?.id).toBe(2);
    expect(state().chapterTitle).toBe('第2章');
    state().patch({ article: { id: 2, next_id: 0, novel_id: 1 } });
    await controller.next();
    expect(deps.notify).toHaveBeenCalledWith('已经是最后一章了');
  });

  it('reopening the chapter already loaded keeps it as it is, playing or paused, without signing again', async () => {
    const { controller, deps, media } = await playing();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(deps.signUrl).toHaveBeenCalledTimes(1);
    expect(media.paused).toBe(false);
    controller.pause();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(media.paused).toBe(true);
    expect(deps.signUrl).toHaveBeenCalledTimes(1);
  });

  it('the page of the chapter playing, opened at a time, goes there; opened with a resume hint, stays put', async () => {
    const { controller, media } = await playing();
    media.advanceTo(100);
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 70, positionIsHint: true });
    expect(media.currentTime).toBe(100);
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 40 });
    expect(media.currentTime).toBe(40);
  });

  it('dispose removes every listener from the element', async () => {
    const { controller, media } = await playing();
    controller.dispose();
    expect(media.listenerCount()).toBe(0);
  });
});

describe('a downloaded chapter (docs/offline.md "Offline")', () => {
  const kept = (id: number) => `/offline/audio/${id}/index.m3u8`;

  it('offline, plays from the download without asking the server to sign', async () => {
    const downloadedSource = jest.fn(async (id: number) => (id === 1 ? kept(id) : null));
    const { controller, deps, media } = setup({ downloadedSource, online: () => false });
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    await flush();
    expect(deps.signUrl).not.toHaveBeenCalled();
    expect(media.src).toBe(kept(1));
    expect(state().playing || media.paused === false).toBe(true);
  });

  it('offline, a chapter not downloaded plays nothing and stops loading', async () => {
    const downloadedSource = jest.fn(async () => null);
    const signUrl = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    const { controller, media, attach } = setup({ downloadedSource, signUrl, online: () => false });
    await controller.open(listenChapter(2), { readType: 1, autoplay: true });
    await flush();
    expect(attach).not.toHaveBeenCalled();
    expect(media.src).toBe('');
    expect(state().loading).toBe(false);
  });

  it('online, the server signs as before; only when signing fails does the download play', async () => {
    const downloadedSource = jest.fn(async (id: number) => kept(id));
    const ok = setup({ downloadedSource, online: () => true });
    await ok.controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(downloadedSource).not.toHaveBeenCalled();
    expect(ok.media.src).toBe(signed('/audio/1/index.m3u8'));
    ok.controller.dispose();

    resetListenStore();
    const signUrl = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    const dropped = setup({ downloadedSource, signUrl, online: () => true });
    await dropped.controller.open(listenChapter(3), { readType: 1, autoplay: true });
    await flush();
    expect(dropped.media.src).toBe(kept(3));
  });

  it('a download restored after a reload is signed again when online (the server decides again)', async () => {
    storeListening({ id: 7, next_id: 8, novel_id: 1 }, kept(7));
    const downloadedSource = jest.fn(async (id: number) => kept(id));
    const { controller, deps, media } = setup({ downloadedSource, online: () => true });
    controller.sync();
    controller.play();
    await flush();
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/7/index.m3u8');
    expect(media.src).toBe(signed('/audio/7/index.m3u8'));
  });

  it('a download it fell back to is played, not signed again at every play (no retry loop)', async () => {
    const signUrl = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    const { controller, media } = setup({ downloadedSource: async (id: number) => kept(id), signUrl, online: () => true });
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    await flush();
    controller.pause();
    controller.play();
    await flush();
    expect(signUrl).toHaveBeenCalledTimes(1);
    expect(media.src).toBe(kept(1));
  });
});
