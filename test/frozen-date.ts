/**
 * Stops the clock that `new Date()` and `Date.now()` read, and only that: timers, ticks and I/O keep running, so
 * databases, HTTP and the code under test behave as usual. For tests of fixed windows (rate limits) that a slow
 * machine could otherwise carry across a window's edge. Undo with `jest.useRealTimers()`.
 */
export function freezeDateAt(ms: number): void {
  jest.useFakeTimers({
    now: ms,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
