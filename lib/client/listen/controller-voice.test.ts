import type { TtsTimeTrack } from '@/lib/shared/dto/audio';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { VOICE_TEXT } from '@/lib/shared/voice-text';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, signed } from '@/test/listen-fixtures';
import { resetListenStore, useListenStore } from '../stores/listen-store';
import { ListenController, VOICE_TRACK_POLL_MS, type ListenDeps } from './controller';
import { storeVoice, storedVoice } from './voice-choice';

// The listener's voice in the player (docs/listening.md "Voices on the listen page"): every signing asks for the
// chosen voice, a switch continues from the paragraph spoken, continuous play keeps the voice. Fake timers only.
const state = () => useListenStore.getState();
const flush = () => jest.advanceTimersByTimeAsync(0);
const OLD = 'espeak-ng:cmn';
const NEW = 'espeak-ng:cmn+f3';

/** The voice the address was signed in travels in it (as the server's `v`), so a test can see what was asked. */
const signedIn = (base: string, voice: string) => `${signed(base)}&v=${encodeURIComponent(voice)}`;

function track(starts: number[], complete: boolean): TtsTimeTrack {
  return { article_id: 1, voice: NEW, time_track: starts, duration: complete ? 60 : null, complete };
}

function setup(over: Partial<ListenDeps> = {}) {
  const media = new FakeMedia();
  const attach = jest.fn((m: FakeMedia, url: string, _options?: { startPosition: number }) => {
    m.src = url;
    return () => m.load();
  });
  const deps = {
    media,
    attach,
    fetchChapter: jest.fn(async (id: number) => listenChapter(id)),
    signUrl: jest.fn(async (base: string, voice?: string) => ({ url: signedIn(base, voice ?? OLD), voice: voice ?? OLD })),
    voiceTimeTrack: jest.fn(async () => track([0, 12, 24, 36], true)),
    chosenVoice: storedVoice,
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

/** Chapter 1 playing in the old voice at 25 s, its track [0, 10, 20, 30]: paragraph 2 is being spoken. */
async function playingAt25(over: Partial<ListenDeps> = {}, chapter: ReadChapter = listenChapter(1, { time_track: [0, 10, 20, 30] })) {
  const ctx = setup(over);
  await ctx.controller.open(chapter, { readType: 1, autoplay: true });
  ctx.media.becomeReady(40);
  ctx.media.advanceTo(25);
  return ctx;
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetListenStore();
});
afterEach(() => jest.useRealTimers());

describe('signing in the chosen voice', () => {
  it('asks for the voice chosen for the novel language, and keeps the voice the server answered', async () => {
    storeVoice(1, NEW);
    storeVoice(0, 'espeak-ng:ug');
    const { controller, deps } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/1/index.m3u8', NEW);
    expect(state().voice).toBe(NEW);
  });

  it('with nothing chosen asks for no voice (the server resolves it) and learns the one used', async () => {
    const { controller, deps } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/1/index.m3u8');
    expect(state().voice).toBe(OLD);
  });

  it('a stored choice that is not a voice key is not sent', async () => {
    localStorage.setItem('listen.voices', JSON.stringify({ 1: '<script>', 2: 42 }));
    const { controller, deps } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/1/index.m3u8');
  });
});

describe('a choice no longer offered', () => {
  it('signed in another voice: the choice here is forgotten, the server voice applies from then on', async () => {
    storeVoice(1, 'gone:voice');
    const forgetVoice = jest.fn();
    const { controller } = setup({ forgetVoice, signUrl: jest.fn(async (base: string) => ({ url: signedIn(base, OLD), voice: OLD })) });
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(forgetVoice).toHaveBeenCalledWith(1);
    expect(state().voice).toBe(OLD);
  });

  it('a switch the server answers in another voice does not switch', async () => {
    const { controller, deps } = await playingAt25({
      signUrl: jest.fn(async (base: string) => ({ url: signedIn(base, OLD), voice: OLD })),
    });
    controller.switchVoice('gone:voice');
    await flush();
    expect(deps.voiceTimeTrack).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith(VOICE_TEXT.switchFailed);
    expect(controller.machine()).toMatchObject({ kind: 'playing', switching: null });
  });
});

describe('the mini player after a reload', () => {
  it('an expired stored address is signed again in the voice chosen here', async () => {
    storeVoice(1, NEW);
    localStorage.setItem('listen.novel', JSON.stringify({ id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '' }));
    localStorage.setItem('listen.article', JSON.stringify({ id: 7, next_id: 8, novel_id: 1 }));
    localStorage.setItem('listen.m3u8_url', '/audio/7/index.m3u8?m=9&e=1&s=x&v=espeak-ng%3Acmn%2Bf3');
    const { controller, deps } = setup();
    controller.sync();
    controller.play();
    await flush();
    expect(deps.signUrl).toHaveBeenCalledWith('/audio/7/index.m3u8', NEW);
  });
});

describe('switching voice mid-chapter', () => {
  it('continues from the same paragraph: its start in the new voice, playing, the new voice stored', async () => {
    const { controller, deps, attach, media } = await playingAt25();
    controller.switchVoice(NEW);
    expect(controller.machine()).toMatchObject({ opening: 2, switching: NEW });
    expect(state()).toMatchObject({ preparingVoice: NEW, loading: true });
    await flush();
    expect(deps.signUrl).toHaveBeenLastCalledWith('/audio/1/index.m3u8', NEW);
    expect(deps.voiceTimeTrack).toHaveBeenCalledWith(1, NEW);
    // Paragraph 2 starts at 24 s in the new voice.
    expect(attach).toHaveBeenLastCalledWith(
      media,
      expect.stringContaining('v=espeak-ng%3Acmn%2Bf3'),
      expect.objectContaining({ startPosition: 24 }),
    );
    expect(controller.machine()).toMatchObject({ kind: 'buffering', wantPlay: true, opening: null, switching: null });
    expect(state()).toMatchObject({ voice: NEW, preparingVoice: null, loading: false, currentTime: 24 });
    expect(state().m3u8Url).toContain('v=espeak-ng%3Acmn%2Bf3');
  });

  it('waits while the paragraph is still being made in the new voice, the old one paused and attached meanwhile', async () => {
    const answers = [track([0, 12], false), track([0, 12, 24], false), track([0, 12, 24, 36], false)];
    const voiceTimeTrack = jest.fn(async () => answers.shift() ?? track([0, 12, 24, 36], true));
    const { controller, attach, media } = await playingAt25({ voiceTimeTrack });
    const attaches = attach.mock.calls.length;
    controller.switchVoice(NEW);
    await flush();
    expect(media.paused).toBe(true);
    expect(controller.machine()).toMatchObject({ kind: 'paused', switching: NEW });
    expect(state().preparingVoice).toBe(NEW);
    // Paragraph 2's start is known at the second answer, but it is published only once paragraph 3 has started.
    await jest.advanceTimersByTimeAsync(VOICE_TRACK_POLL_MS);
    expect(attach.mock.calls.length).toBe(attaches);
    await jest.advanceTimersByTimeAsync(VOICE_TRACK_POLL_MS);
    expect(voiceTimeTrack).toHaveBeenCalledTimes(3);
    expect(attach.mock.calls.length).toBe(attaches + 1);
    expect(attach.mock.calls.at(-1)![2]).toMatchObject({ startPosition: 24 });
    expect(state().preparingVoice).toBeNull();
  });

  it('paused stays paused, at the paragraph start in the new voice', async () => {
    const { controller, attach, media } = await playingAt25();
    controller.pause();
    controller.switchVoice(NEW);
    await flush();
    expect(controller.machine()).toMatchObject({ kind: 'ready', switching: null });
    expect(attach.mock.calls.length).toBe(1);
    expect(state()).toMatchObject({ voice: NEW, playing: false, savedPosition: 24 });
    controller.play();
    expect(attach).toHaveBeenLastCalledWith(
      media,
      expect.stringContaining('v=espeak-ng%3Acmn%2Bf3'),
      expect.objectContaining({ startPosition: 24 }),
    );
  });

  it('paused, then play tapped while the new voice is made: the old one plays meanwhile, the new one goes on playing', async () => {
    const answers = [track([0, 12], false)];
    const voiceTimeTrack = jest.fn(async () => answers.shift() ?? track([0, 12, 24, 36], true));
    const { controller, media, attach } = await playingAt25({ voiceTimeTrack });
    controller.pause();
    controller.switchVoice(NEW);
    await flush();
    controller.play();
    expect(media.paused).toBe(false);
    await jest.advanceTimersByTimeAsync(VOICE_TRACK_POLL_MS);
    expect(attach.mock.calls.at(-1)![1]).toContain('v=espeak-ng%3Acmn%2Bf3');
    expect(controller.machine()).toMatchObject({ kind: 'buffering', wantPlay: true });
  });

  it('before the first paragraph (or without a track) starts the new voice at 0 without asking its track', async () => {
    const { controller, deps, attach } = await playingAt25({}, listenChapter(1));
    controller.switchVoice(NEW);
    await flush();
    expect(deps.voiceTimeTrack).not.toHaveBeenCalled();
    expect(attach.mock.calls.at(-1)![2]).toMatchObject({ startPosition: 0 });
  });

  it('the voice already heard changes nothing', async () => {
    const { controller, deps } = await playingAt25();
    controller.switchVoice(OLD);
    await flush();
    expect(deps.signUrl).toHaveBeenCalledTimes(1);
    expect(controller.machine().kind).toBe('playing');
  });

  it('a track that cannot be read: the old voice plays on, and the listener is told', async () => {
    const voiceTimeTrack = jest.fn(async () => Promise.reject(new Error('503')));
    const { controller, deps, media } = await playingAt25({ voiceTimeTrack });
    controller.switchVoice(NEW);
    await jest.advanceTimersByTimeAsync(VOICE_TRACK_POLL_MS * 10);
    expect(voiceTimeTrack).toHaveBeenCalledTimes(5);
    expect(deps.notify).toHaveBeenCalledWith(VOICE_TEXT.switchFailed);
    expect(controller.machine()).toMatchObject({ kind: 'playing', opening: null, switching: null });
    expect(media.paused).toBe(false);
    expect(state()).toMatchObject({ voice: OLD, preparingVoice: null, loading: false });
  });

  it('a refused signing leaves the old voice too', async () => {
    const { controller, deps } = await playingAt25();
    (deps.signUrl as jest.Mock).mockImplementationOnce(async () => Promise.reject(new Error('40000')));
    controller.switchVoice(NEW);
    await flush();
    expect(deps.voiceTimeTrack).not.toHaveBeenCalled();
    expect(controller.machine()).toMatchObject({ kind: 'playing', switching: null });
    expect(state().voice).toBe(OLD);
  });

  it('a chapter opened while the switch waits supersedes it: its late answer is dropped', async () => {
    const voiceTimeTrack = jest.fn(async () => track([0, 12], false));
    const { controller, attach } = await playingAt25({ voiceTimeTrack });
    controller.switchVoice(NEW);
    await flush();
    await controller.open(listenChapter(5), { readType: 1, autoplay: true });
    const attaches = attach.mock.calls.length;
    await jest.advanceTimersByTimeAsync(VOICE_TRACK_POLL_MS * 3);
    expect(attach.mock.calls.length).toBe(attaches);
    expect(state().article?.id).toBe(5);
    // The polling stopped with the switch.
    expect(voiceTimeTrack.mock.calls.length).toBeLessThanOrEqual(2);
  });
});

describe('the voice across chapters', () => {
  it('the next chapter is signed in the voice switched to, even with nothing stored in this browser', async () => {
    const { controller, deps, media } = await playingAt25();
    controller.switchVoice(NEW);
    await flush();
    media.becomeReady(40);
    // 一直连续播放: the chapter's end opens the next one.
    useListenStore.getState().setContinuousPlay(-1);
    media.reachEnd();
    await flush();
    expect(deps.signUrl).toHaveBeenLastCalledWith('/audio/2/index.m3u8', NEW);
    expect(state()).toMatchObject({ voice: NEW, article: { id: 2 } });
  });

  it("the continuous stream is the new voice's: its address carries the voice, so the chapters it holds follow in it", async () => {
    const loadStreamFollower = async () => (await import('./stream-follow')).StreamFollower;
    const { controller, attach } = await playingAt25({ loadStreamFollower, streamPlaylist: async () => '#EXTM3U\n' });
    useListenStore.getState().setContinuousPlay(3);
    controller.switchVoice(NEW);
    await flush();
    const url = attach.mock.calls.at(-1)![1];
    expect(url).toMatch(/^\/audio\/1\/stream\.m3u8\?/);
    expect(url).toContain('v=espeak-ng%3Acmn%2Bf3');
    expect(url).toMatch(/&n=3$/);
  });

  it('crossing into the next chapter inside the stream stores its own address with the voice (a reload resumes in it)', async () => {
    const stream = [
      '#EXTM3U',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
      ...[1, 2].flatMap((id) => [
        ...(id > 1 ? ['#EXT-X-DISCONTINUITY'] : []),
        `#EXT-X-DATERANGE:ID="chapter-${id}",CLASS="cn.shusheng.chapter",START-DATE="2000-01-01T00:00:00.000Z",X-CHAPTER-ID="${id}"`,
        '#EXTINF:40.000,',
        `/audio/${id}/0.ts?a=h${id}&m=9&e=99999999999&s=${id}${id}&v=espeak-ng%3Acmn%2Bf3`,
      ]),
      '#EXT-X-ENDLIST',
    ].join('\n');
    const loadStreamFollower = async () => (await import('./stream-follow')).StreamFollower;
    const { media } = await playingAt25({ loadStreamFollower, streamPlaylist: async () => stream });
    useListenStore.getState().setContinuousPlay(3);
    await flush();
    media.advanceTo(45);
    await flush();
    expect(state().article?.id).toBe(2);
    expect(state().m3u8Url).toBe('/audio/2/index.m3u8?m=9&e=99999999999&s=22&v=espeak-ng%3Acmn%2Bf3');
  });

  it('another novel does not inherit it: the server resolves that novel voice', async () => {
    const { controller, deps } = await playingAt25();
    controller.switchVoice(NEW);
    await flush();
    const other = listenChapter(9, { novel_id: 2, novel: { ...listenChapter(9).novel, id: 2, language_type: 0 } });
    await controller.open(other, { readType: 1, autoplay: true });
    expect(deps.signUrl).toHaveBeenLastCalledWith('/audio/9/index.m3u8');
    expect(state().voice).toBe(OLD);
  });
});
