import { KEEP_LISTENING_PROMPT_URL } from '@/lib/shared/audio';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, signed } from '@/test/listen-fixtures';
import { resetListenStore, useListenStore } from '../stores/listen-store';
import { ListenController, type ListenDeps, type ProgressReport } from './controller';
import { StreamFollower } from './stream-follow';

// The controller on the continuous stream (docs/listening.md "Continuous stream"): one source for several
// chapters, stream time mapped back to (chapter, seconds into it) for the page, the read log and the lock screen.
const state = () => useListenStore.getState();
const flush = () => jest.advanceTimersByTimeAsync(0);

/** A stream of chapters 1 (100 s), 2 (80 s) and 3 (60 s), each signed for itself; open = no ENDLIST. */
function streamText(open = false): string {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:EVENT'];
  [
    [1, 100],
    [2, 80],
    [3, 60],
  ].forEach(([id, seconds], i) => {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-DATERANGE:ID="chapter-${id}",CLASS="cn.shusheng.chapter",START-DATE="2000-01-01T00:00:00.000Z",X-CHAPTER-ID="${id}"`,
    );
    lines.push(`#EXTINF:${seconds!.toFixed(3)},`, `/audio/${id}/0.ts?v=a&m=9&e=99999999999&s=${id}${id}`);
  });
  if (!open) lines.push('#EXT-X-ENDLIST');
  return lines.join('\n');
}

async function streaming(counter = 3, open = false, ready = true) {
  localStorage.setItem('listen.continuous_play_type', '1');
  localStorage.setItem('listen.continuous_play', String(counter));
  resetListenStore();
  const media = new FakeMedia();
  const attach = jest.fn((m: FakeMedia, url: string) => {
    m.src = url;
    return () => m.load();
  });
  const deps = {
    media,
    attach,
    fetchChapter: jest.fn(async (id: number) => listenChapter(id)),
    signUrl: jest.fn(async (base: string) => signed(base)),
    postProgress: jest.fn<void, [ProgressReport]>(),
    savedPosition: jest.fn(async () => null),
    openPlaySetting: jest.fn(),
    notify: jest.fn(),
    messagingApp: false,
    streamPlaylist: jest.fn(async () => streamText(open)),
    loadStreamFollower: async () => StreamFollower,
  };
  const controller = new ListenController(deps as unknown as ListenDeps);
  await controller.open(listenChapter(1), { readType: 1, autoplay: true, author: '李白' });
  await flush();
  if (ready) media.becomeReady(240);
  return { media, controller, deps, attach };
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetListenStore();
});
afterEach(() => jest.useRealTimers());

describe('the continuous stream', () => {
  it('plays the stream of this chapter and as many following ones as the counter allows', async () => {
    const { attach, deps } = await streaming(3);
    expect(attach).toHaveBeenCalledTimes(1);
    const url = attach.mock.calls[0]![1];
    expect(url).toBe(`${signed('/audio/1/stream.m3u8')}&n=3`);
    expect(deps.streamPlaylist).toHaveBeenCalledWith(url);
    // The stored address stays the chapter's own signed one (a reload signs nothing new).
    expect(state().m3u8Url).toBe(signed('/audio/1/index.m3u8'));
  });

  it("maps stream time to the chapter: time and length are the chapter's, and crossing follows without reloading audio", async () => {
    const { media, attach, deps } = await streaming(3);
    media.advanceTo(50);
    expect(state()).toMatchObject({ currentTime: 50, duration: 100 });
    media.advanceTo(110);
    await flush();
    expect(state()).toMatchObject({ currentTime: 10, duration: 80, chapterTitle: '第2章' });
    expect(state().article).toEqual({ id: 2, next_id: 3, novel_id: 1 });
    // Chapter 2's own address, from its signature in the stream: a reload resumes chapter 2.
    expect(state().m3u8Url).toBe('/audio/2/index.m3u8?m=9&e=99999999999&s=22');
    expect(state().continuousPlay).toBe(2);
    expect(deps.postProgress).toHaveBeenCalledWith({ article_id: 1, read_type: 1, time_track: 100 });
    expect(attach).toHaveBeenCalledTimes(1);
    expect(deps.signUrl).toHaveBeenCalledTimes(1);
  });

  it("keeps the lock screen's bar to the chapter heard: its length and the place in it, never the whole stream", async () => {
    const setPositionState = jest.fn();
    Object.defineProperty(navigator, 'mediaSession', { value: { setPositionState }, configurable: true });
    try {
      const { media } = await streaming(3);
      state().setPlaybackRate(1.5);
      media.advanceTo(130);
      expect(setPositionState).toHaveBeenLastCalledWith({ duration: 80, position: 30, playbackRate: 1.5 });
    } finally {
      Object.defineProperty(navigator, 'mediaSession', { value: undefined, configurable: true });
    }
  });

  it('seeks, skips and previous/next inside the stream stay relative to the chapter heard', async () => {
    const { media, controller, deps } = await streaming(3);
    media.advanceTo(120);
    await flush();
    controller.seek(30); // chapter 2, 30 s in
    expect(media.currentTime).toBe(130);
    controller.skip(-15);
    expect(media.currentTime).toBe(115);
    controller.seek(9999); // the seek bar's end: the stream's end at most, never beyond
    expect(media.currentTime).toBe(240);
    await controller.previous(); // chapter 2's start
    expect(media.currentTime).toBe(100);
    await controller.next();
    expect(media.currentTime).toBe(180);
    await flush();
    expect(state().article?.id).toBe(3);
    // No chapter was fetched to play, nothing signed again: one source all along.
    expect(deps.signUrl).toHaveBeenCalledTimes(1);
  });

  it('reports positions per chapter that never move backwards while playing on', async () => {
    const { media, controller, deps } = await streaming(-1);
    for (const t of [20, 60, 99, 105, 150, 185, 230]) {
      media.advanceTo(t);
      await flush();
      if (t % 2 === 0) controller.flushProgress();
    }
    controller.pause();
    const order = (r: ProgressReport) => r.article_id * 1000 + r.time_track;
    const sent = deps.postProgress.mock.calls.map(([r]) => order(r));
    expect(sent.length).toBeGreaterThanOrEqual(6);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    // Each chapter left is recorded at its end, before any report of the next one.
    expect(sent).toContain(1100);
    expect(sent).toContain(2080);
    expect(sent.indexOf(1100)).toBeLessThan(sent.findIndex((x) => x > 2000 && x < 3000));
  });

  it('at the end of the run the counter is 0: the keep-listening prompt plays', async () => {
    const { media, deps } = await streaming(2);
    media.advanceTo(110);
    media.advanceTo(190);
    await flush();
    expect(state().continuousPlay).toBe(0);
    media.reachEnd();
    await flush();
    expect(media.src).toBe(KEEP_LISTENING_PROMPT_URL);
    expect(deps.openPlaySetting).toHaveBeenCalledWith(1);
    expect(deps.postProgress).toHaveBeenCalledWith({ article_id: 3, read_type: 1, time_track: 60 });
  });

  it('a limit lowered while the stream plays ends the run at the next chapter boundary', async () => {
    const { media, deps } = await streaming(-1);
    media.advanceTo(50);
    state().setContinuousPlayType(0); // 播完本集停止
    media.advanceTo(101);
    await flush();
    expect(media.src).toBe(KEEP_LISTENING_PROMPT_URL);
    expect(deps.openPlaySetting).toHaveBeenCalledWith(0);
    expect(state().article?.id).toBe(1);
    expect(deps.fetchChapter).not.toHaveBeenCalled();
  });

  it('a stream cut short by a locked chapter goes on as before: the next chapter is opened (its paywall shows)', async () => {
    const { media, deps } = await streaming(8);
    media.advanceTo(190);
    await flush();
    media.reachEnd();
    await flush();
    expect(deps.fetchChapter).toHaveBeenCalledWith(4, 1);
  });

  it('in an open stream (chapter 1 still being voiced) a seek past the part read so far is not cut short', async () => {
    const { media, controller, deps } = await streaming(3, true);
    deps.streamPlaylist.mockImplementation(async () => streamText(true).replace('#EXTINF:100.000,', '#EXTINF:300.000,'));
    controller.seek(500);
    expect(media.currentTime).toBe(500);
    // The chapter is finished (its time track says so): the stream is read again at once.
    controller.setTimeTrack(1, [0, 10, 20], 300);
    await flush();
    expect(deps.streamPlaylist).toHaveBeenCalledTimes(2);
    media.advanceTo(350);
    expect(state()).toMatchObject({ currentTime: 50, duration: 80 });
  });

  it('reads an open stream again near its end (chapters voiced since join), a closed one never', async () => {
    const open = await streaming(3, true);
    open.media.advanceTo(150);
    expect(open.deps.streamPlaylist).toHaveBeenCalledTimes(1); // far from the end
    await jest.advanceTimersByTimeAsync(11_000);
    open.media.advanceTo(215);
    expect(open.deps.streamPlaylist).toHaveBeenCalledTimes(2);
    open.media.advanceTo(216);
    expect(open.deps.streamPlaylist).toHaveBeenCalledTimes(2); // at most every 10 s

    const closed = await streaming(3);
    await jest.advanceTimersByTimeAsync(11_000);
    closed.media.advanceTo(215);
    expect(closed.deps.streamPlaylist).toHaveBeenCalledTimes(1);
  });

  it('a tap in the first moment of the stream, before the element knows its length, is kept until it is ready', async () => {
    // e2e/listen-stream.spec.ts: the last paragraph tapped while hls.js had not buffered anything yet; set then,
    // the element took the time only as where to start and hls.js started at 0 instead.
    const { media, controller } = await streaming(3, true, false);
    expect(media.readyState).toBe(0);
    controller.seek(95);
    expect(media.currentTime).toBe(0);
    expect(state().currentTime).toBe(95);
    controller.skip(10); // from the place asked for, not from 0: into chapter 2
    expect(media.currentTime).toBe(0);
    media.becomeReady(240);
    expect(media.currentTime).toBe(105);
    await flush();
    expect(state()).toMatchObject({ currentTime: 5, duration: 80 });
    // Ready: seeks go straight to the element again.
    controller.seek(20);
    expect(media.currentTime).toBe(120);
  });

  it('in an open stream a seek past the part the player has listed waits until it is listed', async () => {
    // e2e/listen.spec.ts (a first listen): the time track said chapter 1 was finished before hls.js reloaded
    // the playlist; the tapped last paragraph was cut back to the one segment listed.
    const { media, controller } = await streaming(3, true);
    let listed = 6;
    Object.defineProperty(media, 'seekable', { value: { length: 1, end: () => listed }, configurable: true });
    media.duration = Number.POSITIVE_INFINITY;
    controller.seek(95);
    expect(media.currentTime).toBe(0);
    expect(state().currentTime).toBe(95);
    media.advanceTo(2);
    expect(media.currentTime).toBe(2); // still not listed: playback goes on
    listed = 240;
    media.advanceTo(3);
    expect(media.currentTime).toBe(95);
  });
});
