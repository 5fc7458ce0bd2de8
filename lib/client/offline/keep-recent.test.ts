import type { ReadChapter } from '@/lib/shared/dto/reading';
import { COOKIE } from '@/lib/shared/cookies';
import { keepRecent } from './keep-recent';

/** The reader's side of recent chapters (docs/offline.md "Recent chapters"): what it tells the service worker. */
const chapter = (over: Partial<ReadChapter> = {}) =>
  ({ id: 5, novel_id: 1, title: '第五章', locked: false, access: 'free', next_id: 6, novel: { title: '书' }, ...over }) as ReadChapter;

describe('keepRecent', () => {
  const postMessage = jest.fn();
  beforeEach(() => {
    postMessage.mockReset();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ active: { postMessage } }) },
    });
  });
  afterEach(() => {
    document.cookie = `${COOKIE.memberId}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('tells the worker the chapter shown, who reads it, its access and the next chapter', async () => {
    keepRecent(chapter());
    await flush();
    expect(postMessage).toHaveBeenCalledWith({
      type: 'recent',
      id: null,
      aid: 5,
      nid: 1,
      title: '第五章',
      novel: '书',
      access: 'free',
      next: 6,
    });
    document.cookie = `${COOKIE.memberId}=42; path=/`;
    keepRecent(chapter({ access: 'unlocked' }));
    await flush();
    expect(postMessage).toHaveBeenLastCalledWith(expect.objectContaining({ id: 42, access: 'unlocked' }));
  });

  it('never sends a locked chapter, and does nothing without a service worker', async () => {
    keepRecent(chapter({ locked: true, access: 'locked' }));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    keepRecent(chapter());
    await flush();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
