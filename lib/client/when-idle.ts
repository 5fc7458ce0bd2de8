/**
 * Runs `run` once the page has loaded and the browser has an idle moment — at most `timeoutMs` after the load — so
 * work that no first tap needs stays out of a slow phone's load and hydration (docs/architecture.md "What a page
 * runs at load"). Where the browser has no idle callback (Safari, and so the messaging app on iOS) it runs
 * `fallbackMs` after the load. Returns the cancel: nothing runs after it.
 */
export function afterLoadWhenIdle(run: () => void, { timeoutMs = 3000, fallbackMs = 1000 } = {}): () => void {
  let idleId: number | undefined;
  let timerId: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(run, { timeout: timeoutMs });
    else timerId = setTimeout(run, fallbackMs);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idleId !== undefined) window.cancelIdleCallback?.(idleId);
    if (timerId !== undefined) clearTimeout(timerId);
  };
}
