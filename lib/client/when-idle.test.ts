import { afterLoadWhenIdle } from './when-idle';

// docs/reading.md "Reader": work no first tap needs runs once the page has loaded and the browser is idle.
describe('afterLoadWhenIdle', () => {
  const setReadyState = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { value: state, configurable: true });

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setReadyState('complete');
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  });

  it('runs after the fallback delay where the browser has no idle callback, and not at all once cancelled', () => {
    const run = jest.fn();
    afterLoadWhenIdle(run, { fallbackMs: 300 });
    jest.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    const cancelled = jest.fn();
    afterLoadWhenIdle(cancelled, { fallbackMs: 300 })();
    jest.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits for the load event of a page still loading, then for the browser to be idle', () => {
    const idle: Array<{ run: () => void; timeout?: number }> = [];
    window.requestIdleCallback = ((cb: () => void, opts?: { timeout?: number }) => idle.push({ run: cb, timeout: opts?.timeout })) as never;
    window.cancelIdleCallback = jest.fn();
    setReadyState('loading');
    const run = jest.fn();
    afterLoadWhenIdle(run, { timeoutMs: 4000 });
    jest.advanceTimersByTime(10_000);
    expect(idle).toHaveLength(0);

    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(idle).toEqual([{ run, timeout: 4000 }]);
    expect(run).not.toHaveBeenCalled();
    idle[0]!.run();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('forgets a page still loading when cancelled: its load event starts nothing', () => {
    setReadyState('loading');
    const run = jest.fn();
    afterLoadWhenIdle(run, { fallbackMs: 0 })();
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
  });

  it('cancels a pending idle callback', () => {
    window.requestIdleCallback = jest.fn(() => 7) as never;
    const cancel = jest.fn();
    window.cancelIdleCallback = cancel;
    afterLoadWhenIdle(jest.fn())();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
