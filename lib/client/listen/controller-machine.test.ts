import type { ReadChapter } from '@/lib/shared/dto/reading';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, lockedListenChapter, signed } from '@/test/listen-fixtures';
import { resetListenStore, useListenStore } from '../stores/listen-store';
import { ListenController, type ListenDeps } from './controller';

// The controller driven by its state machine (docs/listening.md "Player state machine"): the state it is in after
// each step, and the events it refuses. Fake timers throughout, never a real wait.
const state = () => useListenStore.getState();
const flush = () => jest.advanceTimersByTimeAsync(0);

function setup(over: Partial<ListenDeps> = {}) {
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

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetListenStore();
});
afterEach(() => jest.useRealTimers());

describe('the states the controller goes through', () => {
  it('empty → attaching → buffering → playing → paused → prompting → ready → buffering', async () => {
    const { controller, media } = setup();
    expect(controller.machine().kind).toBe('empty');
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    // Native attach answers at once: attached, the element told to play, not ready yet.
    expect(controller.machine()).toMatchObject({ kind: 'buffering', wantPlay: true, opening: null });
    media.becomeReady(300);
    expect(controller.machine().kind).toBe('playing');
    controller.pause();
    expect(controller.machine()).toMatchObject({ kind: 'paused', wantPlay: false });
    controller.play();
    media.reachEnd();
    await flush();
    expect(controller.machine().kind).toBe('prompting');
    media.reachEnd();
    expect(controller.machine().kind).toBe('ready');
    controller.play();
    expect(controller.machine().kind).toBe('buffering');
  });

  it('a chapter being signed is the loading region: the outgoing chapter stays attached and paused meanwhile', async () => {
    let answer: (url: string) => void = () => undefined;
    const { controller, media, deps } = setup();
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    media.becomeReady(300);
    (deps.signUrl as jest.Mock).mockImplementationOnce(() => new Promise<string>((resolve) => (answer = resolve)));
    const opening = controller.open(listenChapter(2), { readType: 1, autoplay: true });
    expect(controller.machine()).toMatchObject({ kind: 'paused', opening: 2 });
    expect(state().loading).toBe(true);
    await flush();
    answer(signed('/audio/2/index.m3u8'));
    await opening;
    expect(controller.machine()).toMatchObject({ kind: 'buffering', opening: null });
    expect(state()).toMatchObject({ loading: false, article: { id: 2, next_id: 3, novel_id: 1 } });
  });

  it('a reload restores ready; play looks up the saved position (resuming), then attaches', async () => {
    localStorage.setItem('listen.novel', JSON.stringify({ id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '' }));
    localStorage.setItem('listen.article', JSON.stringify({ id: 7, next_id: 8, novel_id: 1 }));
    localStorage.setItem('listen.m3u8_url', signed('/audio/7/index.m3u8'));
    let answer: (p: number | null) => void = () => undefined;
    const { controller, attach } = setup({ savedPosition: () => new Promise((resolve) => (answer = resolve)) });
    controller.sync();
    expect(controller.machine().kind).toBe('ready');
    controller.play();
    expect(controller.machine().kind).toBe('resuming');
    // A second tap while the lookup is out asks nothing more.
    controller.play();
    answer(30);
    await flush();
    expect(attach).toHaveBeenCalledTimes(1);
    expect(state().savedPosition).toBe(30);
    expect(controller.machine().kind).toBe('buffering');
  });
});

describe('refused events', () => {
  it('next while a chapter is loading opens nothing more: the stored article is not the new one yet', async () => {
    const pending: ((c: ReadChapter) => void)[] = [];
    const fetchChapter = jest.fn((id: number) => new Promise<ReadChapter>((resolve) => pending.push(() => resolve(listenChapter(id)))));
    const { controller, media, deps } = setup({ fetchChapter });
    await controller.open(listenChapter(1), { readType: 1, autoplay: true });
    media.becomeReady(300);
    let answer: (url: string) => void = () => undefined;
    (deps.signUrl as jest.Mock).mockImplementationOnce(() => new Promise<string>((resolve) => (answer = resolve)));
    const first = controller.next();
    pending.shift()!(listenChapter(2));
    await flush();
    expect(controller.machine().opening).not.toBeNull();
    await controller.next();
    expect(fetchChapter).toHaveBeenCalledTimes(1);
    answer(signed('/audio/2/index.m3u8'));
    await first;
    expect(state().article?.id).toBe(2);
    // Loaded: next is accepted again.
    const again = controller.next();
    expect(fetchChapter).toHaveBeenCalledTimes(2);
    expect(fetchChapter).toHaveBeenLastCalledWith(3, 1);
    pending.shift()!(listenChapter(3));
    await again;
  });

  it('play while locked is refused, and a locked chapter opened while another signs ends that loading', async () => {
    let answer: (url: string) => void = () => undefined;
    const { controller, attach, media } = setup({ signUrl: jest.fn(() => new Promise<string>((resolve) => (answer = resolve))) });
    const opening = controller.open(listenChapter(1), { readType: 1, autoplay: true });
    expect(state().loading).toBe(true);
    await controller.open(lockedListenChapter(21), { readType: 1, autoplay: true });
    expect(controller.machine()).toMatchObject({ kind: 'locked', opening: null });
    expect(state()).toMatchObject({ loading: false, needMoney: true });
    answer(signed('/audio/1/index.m3u8'));
    await opening;
    controller.play();
    await flush();
    expect(controller.machine().kind).toBe('locked');
    expect(attach).not.toHaveBeenCalled();
    expect(media.playCalls).toBe(0);
  });

  it("the messaging app's ready timer of a stream since detached does nothing", async () => {
    const { controller, media } = setup({ messagingApp: true });
    await controller.open(listenChapter(1), { readType: 1, autoplay: true, position: 42 });
    await jest.advanceTimersByTimeAsync(100);
    await controller.open(lockedListenChapter(2), { readType: 1, autoplay: true });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(controller.machine().kind).toBe('locked');
    expect(media.currentTime).toBe(0);
  });
});
