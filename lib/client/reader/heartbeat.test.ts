import { HEARTBEAT_MS, startReadingHeartbeat } from './heartbeat';
import { reportPosition } from './position';
import { postReadLog } from '../readlog';

jest.mock('../readlog', () => ({ postReadLog: jest.fn(async () => undefined) }));
let signedIn = true;
jest.mock('../identity', () => ({ memberId: () => (signedIn ? '5' : undefined) }));
jest.mock('../local-history', () => ({ recordLocal: jest.fn() }));

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
});
afterEach(() => jest.useRealTimers());

const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('reading heartbeat', () => {
  it('re-sends the position every 30 s while the page is visible and the reader was active in the last 2 minutes', () => {
    const send = jest.fn();
    const stop = startReadingHeartbeat(42, send);
    jest.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(send).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledWith(42);
    // Four beats in 2 minutes since the chapter opened; none after that without a touch.
    jest.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(send).toHaveBeenCalledTimes(4);
    jest.advanceTimersByTime(HEARTBEAT_MS * 4);
    expect(send).toHaveBeenCalledTimes(4);
    // A scroll (or a touch) wakes it for another 2 minutes.
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(5);
    window.dispatchEvent(new Event('touchstart'));
    jest.advanceTimersByTime(HEARTBEAT_MS * 10);
    expect(send).toHaveBeenCalledTimes(9);
    stop();
  });

  it('stops while the page is hidden and starts again when it is shown', () => {
    const send = jest.fn();
    const stop = startReadingHeartbeat(7, send);
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    jest.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(send).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    window.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
  });

  it('sends nothing after it is stopped (the chapter changed or the reader closed)', () => {
    const send = jest.fn();
    const stop = startReadingHeartbeat(7, send);
    stop();
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(HEARTBEAT_MS * 5);
    expect(send).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not start its timer on a page opened hidden', () => {
    visibility = 'hidden';
    const send = jest.fn();
    const stop = startReadingHeartbeat(7, send);
    expect(jest.getTimerCount()).toBe(0);
    stop();
  });
});

describe('the heartbeat’s report', () => {
  const position = (articleId: number, idx: number) => ({
    articleId,
    idx,
    novel: { id: 1, title: '书', thumb: '' },
    article: { title: '第一章', idx: 1 },
  });

  it('sends the last reported position of the open chapter again, signed in only', () => {
    const post = postReadLog as jest.Mock;
    post.mockClear();
    reportPosition(position(42, 9), true);
    jest.advanceTimersByTime(0);
    expect(post).toHaveBeenCalledTimes(1);
    const stop = startReadingHeartbeat(42);
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenLastCalledWith({ article_id: 42, read_type: 1, idx: 9 });
    stop();
    // Another chapter's heartbeat never re-sends this one; a signed-out reader sends nothing.
    const other = startReadingHeartbeat(43);
    jest.advanceTimersByTime(HEARTBEAT_MS);
    other();
    signedIn = false;
    const out = startReadingHeartbeat(42);
    jest.advanceTimersByTime(HEARTBEAT_MS);
    out();
    signedIn = true;
    expect(post).toHaveBeenCalledTimes(2);
  });
});
