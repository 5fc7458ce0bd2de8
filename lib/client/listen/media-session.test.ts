import { resetListenStore, useListenStore } from '../stores/listen-store';
import { bindMediaSession } from './media-session';

class FakeMetadata {
  constructor(readonly init: MediaMetadataInit) {}
}

const handlers = new Map<string, ((d: Record<string, number>) => void) | null>();
const session = {
  metadata: null as FakeMetadata | null,
  playbackState: 'none',
  setActionHandler: (a: string, h: ((d: Record<string, number>) => void) | null) => handlers.set(a, h),
};

beforeAll(() => {
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  (globalThis as unknown as { MediaMetadata: unknown }).MediaMetadata = FakeMetadata;
});

beforeEach(() => {
  resetListenStore();
  handlers.clear();
});

describe('bindMediaSession', () => {
  const controls = () => ({
    play: jest.fn(),
    pause: jest.fn(),
    skip: jest.fn(),
    seek: jest.fn(),
    previous: jest.fn(async () => undefined),
    next: jest.fn(async () => undefined),
  });

  it('shows the chapter, the author and the cover, and follows play and pause', () => {
    useListenStore.setState({
      novel: { id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '李白' },
      chapterTitle: '第1章',
      playing: true,
    });
    const undo = bindMediaSession(controls());
    expect(session.metadata?.init).toEqual({
      title: '第1章',
      artist: '李白',
      album: '大唐归途',
      artwork: [{ src: 'http://localhost/covers/1.svg', sizes: '512x512', type: 'image/svg+xml' }],
    });
    expect(session.playbackState).toBe('playing');
    useListenStore.setState({ chapterTitle: '第2章', playing: false });
    expect(session.metadata?.init.title).toBe('第2章');
    expect(session.playbackState).toBe('paused');
    undo();
  });

  it('hands the lock-screen and headset actions to the player, and takes them back', () => {
    const c = controls();
    const undo = bindMediaSession(c);
    handlers.get('play')!({});
    handlers.get('pause')!({});
    handlers.get('seekbackward')!({});
    handlers.get('seekforward')!({ seekOffset: 30 });
    handlers.get('seekto')!({ seekTime: 95 });
    handlers.get('previoustrack')!({});
    handlers.get('nexttrack')!({});
    expect(c.play).toHaveBeenCalled();
    expect(c.pause).toHaveBeenCalled();
    expect(c.skip.mock.calls).toEqual([[-15], [30]]);
    expect(c.seek).toHaveBeenCalledWith(95);
    expect(c.previous).toHaveBeenCalled();
    expect(c.next).toHaveBeenCalled();
    undo();
    expect([...handlers.values()].every((h) => h === null)).toBe(true);
  });
});
