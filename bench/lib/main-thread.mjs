// What the browser benches of the main thread share (bench/hydration.mjs, bench/interaction.mjs): a Playwright
// Pixel 7 context on Debian's Chromium with the CPU slowed through the DevTools protocol
// (Emulation.setCPUThrottlingRate), an in-page record of long tasks and Event Timing entries installed before the
// page's own scripts, the wait until the main thread has gone quiet, and the host's speed as Lighthouse measures it
// (its CPU benchmark index), so a run on a busy machine can be told from a slow page.
import { devices } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const DEVICE = 'Pixel 7';

/**
 * Runs in the page before any of its scripts: long tasks (> 50 ms) and Event Timing entries (event to the next
 * paint, the figure INP is made of) are kept on window.__mainThread for the bench to read.
 */
function recordMainThread() {
  const record = { longTasks: [], events: [] };
  window.__mainThread = record;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) record.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: the quiet wait falls back to its minimum.
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        record.events.push({
          name: e.name,
          interactionId: e.interactionId ?? 0,
          start: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
        });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  } catch {
    // No Event Timing: the interaction bench reports the interaction as unmeasured.
  }
}

/**
 * A fresh phone context (empty caches and storage) and a page whose CPU runs `slowdown` times slower. With
 * `promptSeen`, the device has already seen the first start's 青少年模式 prompt (docs/minors-mode.md), which would
 * otherwise cover the page a tap is measured on.
 */
export async function throttledPage(browser, { slowdown, cookies = [], origin, initScript, promptSeen = false }) {
  const context = await browser.newContext({ ...devices[DEVICE] });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: origin })));
  await context.addInitScript(recordMainThread);
  if (promptSeen) await context.addInitScript(() => localStorage.setItem('minors_prompt.shown', '1'));
  if (initScript) await context.addInitScript(initScript.fn, initScript.arg);
  // The shell's log beacons are fire-and-forget; they are kept out like in bench/lighthouse.mjs.
  await context.route('**/v1/logs/**', (route) => route.fulfill({ status: 204, body: '' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  return { context, page, cdp };
}

/**
 * Runs `fn` in the page and returns its value without granting the page a user activation. Playwright's own
 * `page.evaluate` runs as a user gesture (CDP's `userGesture: true`), so a page that waits for a tap before
 * starting something (the listen page's player, docs/listening.md "Player rules") would see one and start it:
 * the figures of a load would include work no phone does without a tap.
 */
async function inPage(cdp, fn) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: `(${fn.toString()})()`,
    returnByValue: true,
    awaitPromise: true,
    userGesture: false,
  });
  if (exceptionDetails) throw new Error(`bench: in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}

/**
 * Waits until no long task has ended for `quietMs` (at most `maxMs` after the load event) and returns the page's
 * figures: interactive_ms, the end of the last long task before that quiet spell (or first contentful paint, when
 * there was none after it: Lighthouse's time to interactive without its network condition); blocking_ms, the part
 * of those long tasks above 50 ms each (Lighthouse's TBT, counted from the start); main_thread_ms, the renderer's
 * main-thread task time so far (CDP Performance.getMetrics TaskDuration); script_ms, of which running script.
 */
export async function settle(page, cdp, { quietMs = 3000, maxMs = 30_000 } = {}) {
  const loadedAt = Date.now();
  for (;;) {
    const quietFor = await inPage(cdp, () => {
      const tasks = window.__mainThread?.longTasks ?? [];
      const last = tasks.length ? Math.max(...tasks.map((t) => t.end)) : 0;
      return performance.now() - last;
    });
    if (quietFor >= quietMs || Date.now() - loadedAt > maxMs) break;
    await page.waitForTimeout(Math.min(500, Math.max(50, quietMs - quietFor)));
  }
  const figures = await inPage(cdp, () => {
    const tasks = window.__mainThread?.longTasks ?? [];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const nav = performance.getEntriesByType('navigation')[0];
    const lastEnd = tasks.length ? Math.max(...tasks.map((t) => t.end)) : 0;
    return {
      fcp_ms: fcp,
      dom_content_loaded_ms: nav?.domContentLoadedEventEnd,
      load_ms: nav?.loadEventEnd,
      interactive_ms: Math.max(fcp ?? 0, lastEnd),
      blocking_ms: tasks.reduce((sum, t) => sum + Math.max(0, t.end - t.start - 50), 0),
      long_tasks: tasks.length,
    };
  });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  const round = (v) => (v === undefined ? undefined : Math.round(v));
  return {
    interactive_ms: round(figures.interactive_ms),
    blocking_ms: round(figures.blocking_ms),
    main_thread_ms: Math.round(metric('TaskDuration') * 1000),
    script_ms: Math.round(metric('ScriptDuration') * 1000),
    fcp_ms: round(figures.fcp_ms),
    dom_content_loaded_ms: round(figures.dom_content_loaded_ms),
    load_ms: round(figures.load_ms),
    long_tasks: figures.long_tasks,
  };
}

/** Lighthouse's CPU benchmark index of this host now, measured in a blank page at full speed (about 1 s). */
export async function benchmarkIndex(browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await context.close();
  }
}

/**
 * CPU time (ms) each renderer process of the browser has used so far (CDP SystemInfo.getProcessInfo, 10 ms steps).
 * Unlike the timings, it hardly grows when other work on the machine takes the CPUs, and the throttling's pauses are
 * not in it: the page's own work. `browserSession` is the browser's CDP session (browser.newBrowserCDPSession()).
 */
export async function rendererCpu(browserSession) {
  const { processInfo } = await browserSession.send('SystemInfo.getProcessInfo');
  return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime * 1000]));
}

/** The renderers' CPU time between two rendererCpu() readings (a renderer started in between counts whole). */
export const cpuSince = (before, after) => Math.round([...after].reduce((sum, [id, ms]) => sum + ms - (before.get(id) ?? 0), 0));
