import type { Page } from '@playwright/test';

/**
 * Sums the page's layout shifts not caused by input (what CLS counts) from its next navigation on: call before the
 * `goto` or `reload`, then read the sum with `layoutShift`.
 */
export async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number };
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.__layoutShift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since the navigation `watchLayoutShift` was set up for. */
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
