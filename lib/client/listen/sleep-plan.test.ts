import { listenChapter } from '@/test/listen-fixtures';
import { FakeMedia } from '@/test/fake-media';
import { resetListenStore, useListenStore } from '../stores/listen-store';
import { ListenController, type ListenDeps } from './controller';
import {
  chapterEndReached,
  fadeVolume,
  FADE_MS,
  nextParagraphStart,
  resumePosition,
  RESUME_WINDOW_MS,
  sleepStep,
  volumeAdjustable,
} from './sleep-plan';
import { resetSleepForTests, setSleep, SLEEP_AT_CHAPTER_END } from './sleep-runner';

// docs/listening.md "Sleep timer".

describe('sleep timer rules', () => {
  it('fades linearly over the last seconds only', () => {
    expect(fadeVolume(FADE_MS + 1)).toBe(1);
    expect(fadeVolume(FADE_MS / 2)).toBeCloseTo(0.5);
    expect(fadeVolume(0)).toBe(0);
    expect(fadeVolume(-500)).toBe(0);
  });

  it('tells a browser that ignores volume (iOS) from one that does not, leaving the volume as it was', () => {
    const desktop = { volume: 0.8 };
    expect(volumeAdjustable(desktop)).toBe(true);
    expect(desktop.volume).toBe(0.8);
    const ios = {
      get volume() {
        return 1;
      },
      set volume(_v: number) {
        /* iOS ignores it */
      },
    };
    expect(volumeAdjustable(ios)).toBe(false);
  });

  it('with volume: play, fade, stop at the deadline; without: on to the paragraph boundary', () => {
    const base = { deadline: 100_000, currentTime: 30, boundary: 34 };
    expect(sleepStep({ ...base, now: 80_000, volumeOk: true })).toBe('play');
    expect(sleepStep({ ...base, now: 95_000, volumeOk: true })).toBe('fade');
    expect(sleepStep({ ...base, now: 100_000, volumeOk: true })).toBe('stop');
    expect(sleepStep({ ...base, now: 95_000, volumeOk: false })).toBe('play');
    expect(sleepStep({ ...base, now: 101_000, volumeOk: false })).toBe('to-boundary');
    expect(sleepStep({ ...base, now: 101_000, volumeOk: false, currentTime: 34 })).toBe('stop');
    expect(nextParagraphStart([0, 10, 20], 12)).toBe(20);
    expect(nextParagraphStart([0, 10, 20], 25)).toBeNull();
  });

  it('本集结束: the chapter end, or already another chapter', () => {
    expect(chapterEndReached({ startArticle: 1, article: 1, duration: 300, currentTime: 299.8 })).toBe(true);
    expect(chapterEndReached({ startArticle: 1, article: 1, duration: 300, currentTime: 290 })).toBe(false);
    expect(chapterEndReached({ startArticle: 1, article: 2, duration: 300, currentTime: 1 })).toBe(true);
    expect(chapterEndReached({ startArticle: 1, article: 1, duration: Number.NaN, currentTime: 1 })).toBe(false);
  });

  it('a play within 2 minutes of the stop in the same chapter restores the position; later or elsewhere not', () => {
    const stop = { at: 1_000, articleId: 7, position: 42 };
    expect(resumePosition(stop, 1_000 + RESUME_WINDOW_MS, 7)).toBe(42);
    expect(resumePosition(stop, 1_001 + RESUME_WINDOW_MS, 7)).toBeNull();
    expect(resumePosition(stop, 2_000, 8)).toBeNull();
    expect(resumePosition(null, 2_000, 7)).toBeNull();
  });
});

class VolumeMedia extends FakeMedia {
  private v = 1;
  constructor(private readonly ignoresVolume = false) {
    super();
  }
  get volume() {
    return this.v;
  }
  set volume(v: number) {
    if (!this.ignoresVolume) this.v = v;
  }
}

async function playingWith(media: VolumeMedia, duration = 600) {
  const controller = new ListenController({
    media,
    attach: (m: FakeMedia, url: string) => {
      m.src = url;
      return () => m.load();
    },
    fetchChapter: async (id: number) => listenChapter(id),
    signUrl: async (base: string) => `${base}?m=1&e=9999999999&s=x`,
    postProgress: () => undefined,
    savedPosition: async () => null,
    openPlaySetting: () => undefined,
    notify: () => undefined,
    messagingApp: false,
  } as unknown as ListenDeps);
  jest.spyOn(document, 'getElementById').mockImplementation((id) => (id === 'listen-media' ? (media as unknown as HTMLElement) : null));
  await controller.open(listenChapter(1), { readType: 1, autoplay: true, author: '' });
  media.becomeReady(duration);
  return controller;
}

describe('the sleep timer on the player', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    localStorage.clear();
    resetListenStore();
    resetSleepForTests();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('fades out over the last seconds, stops at the deadline with the volume back to full, and a play within 2 minutes goes back', async () => {
    const media = new VolumeMedia();
    const controller = await playingWith(media);
    const track = [0, 50, 100];
    setSleep(controller, 1, () => track);
    expect(useListenStore.getState().sleepAt).toBe(1_000_000 + 60_000);
    jest.setSystemTime(1_000_000 + 60_000 - FADE_MS / 2);
    media.advanceTo(55);
    expect(media.volume).toBeCloseTo(0.5);
    expect(media.paused).toBe(false);
    jest.setSystemTime(1_000_000 + 60_000);
    media.advanceTo(60);
    expect(media.paused).toBe(true);
    expect(media.volume).toBe(1);
    expect(useListenStore.getState().sleepAt).toBeNull();
    // Back within 2 minutes: the paragraph the fade began in starts again.
    jest.setSystemTime(1_000_000 + 60_000 + 90_000);
    controller.play();
    expect(media.currentTime).toBe(50);
  });

  it('a play more than 2 minutes later carries on where it stopped', async () => {
    const media = new VolumeMedia();
    const controller = await playingWith(media);
    setSleep(controller, 1, () => [0, 50]);
    jest.setSystemTime(1_000_000 + 55_000);
    media.advanceTo(55);
    jest.setSystemTime(1_000_000 + 60_000);
    media.advanceTo(60);
    expect(media.paused).toBe(true);
    jest.setSystemTime(1_000_000 + 60_000 + RESUME_WINDOW_MS + 1_000);
    controller.play();
    expect(media.currentTime).toBe(60);
  });

  it('where volume cannot change (iOS) it plays to the end of the paragraph, then stops', async () => {
    const media = new VolumeMedia(true);
    const controller = await playingWith(media);
    setSleep(controller, 1, () => [0, 50, 70]);
    jest.setSystemTime(1_000_000 + 61_000);
    media.advanceTo(62);
    expect(media.paused).toBe(false);
    expect(media.volume).toBe(1);
    media.advanceTo(70);
    expect(media.paused).toBe(true);
  });

  it('本集结束 stops at the end of this chapter and shows as 本集', async () => {
    const media = new VolumeMedia();
    const controller = await playingWith(media, 300);
    setSleep(controller, 'chapter', () => null);
    expect(useListenStore.getState().sleepAt).toBe(SLEEP_AT_CHAPTER_END);
    media.advanceTo(200);
    expect(media.paused).toBe(false);
    media.advanceTo(299.8);
    expect(media.paused).toBe(true);
    expect(useListenStore.getState().sleepAt).toBeNull();
  });

  it('off switches everything off', async () => {
    const media = new VolumeMedia();
    const controller = await playingWith(media);
    setSleep(controller, 1, () => null);
    setSleep(controller, null, () => null);
    jest.setSystemTime(1_000_000 + 120_000);
    media.advanceTo(100);
    expect(media.paused).toBe(false);
    expect(useListenStore.getState().sleepAt).toBeNull();
  });
});
