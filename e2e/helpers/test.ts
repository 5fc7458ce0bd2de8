import { test as base, expect, type BrowserContext, type ConsoleMessage, type WebError } from '@playwright/test';
import { BUSINESS_UTC_OFFSET_MS } from '@/lib/shared/business-time';
import { hydrationProblem } from './hydration-errors';

// Every spec imports `test` and `expect` from here instead of @playwright/test: the same API, plus a guard that
// fails any test whose pages report a React hydration error (docs/development.md "Hydration guard").
export * from '@playwright/test';

export interface HydrationFixtures {
  /**
   * The hydration errors seen so far in this test's browser context, one line each (kind, message, page). The
   * guard expects it empty when the test ends; a test that provokes an error on purpose reads and empties it.
   */
  hydrationErrors: string[];
}

function watch(context: BrowserContext, found: string[]): void {
  context.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    const kind = hydrationProblem(msg.text());
    if (kind) found.push(`${kind}: ${msg.text()} (console ${msg.type()} on ${msg.page()?.url() ?? msg.location().url})`);
  });
  // React reports recoverable errors, hydration mismatches among them, through window.reportError: page errors.
  context.on('weberror', (webError: WebError) => {
    const error = webError.error();
    const kind = hydrationProblem(`${error.name}: ${error.message}`);
    if (kind) found.push(`${kind}: ${error.message} (page error on ${webError.page()?.url() ?? 'a closed page'})`);
  });
}

/**
 * The config's storage state marks today's promotion popup and check-in modal as seen with the business day the
 * worker started on (playwright.config.ts). A run that crosses midnight in Beijing (16:00 UTC) would then meet both on
 * every page after it, over what the journeys tap. Before a page's scripts read them, a mark of the day before is
 * moved to the page's today; a journey that starts with no mark (the popups' own) is left alone.
 */
function carrySeenMarks({ offsetMs, keys }: { offsetMs: number; keys: string[] }): void {
  const day = (at: number) => new Date(at + offsetMs).toISOString().slice(0, 10);
  const now = Date.now();
  try {
    for (const key of keys) if (localStorage.getItem(key) === day(now - 86_400_000)) localStorage.setItem(key, day(now));
  } catch {
    // A page without storage (an error page of another origin) has no marks to carry.
  }
}

/** Adds carrySeenMarks to a context: the test's own, and the second phones a journey opens (./phone-context.ts). */
export async function keepSeenMarksToday(context: BrowserContext): Promise<void> {
  await context.addInitScript(carrySeenMarks, {
    offsetMs: BUSINESS_UTC_OFFSET_MS,
    keys: ['promotion_popup.shown_on', 'checkin_modal.shown_on'],
  });
}

export const test = base.extend<HydrationFixtures>({
  hydrationErrors: async ({}, provide) => {
    await provide([]);
  },
  // The context, not the page: pages a test opens itself (popups, context.newPage) are watched as well, and specs
  // without a browser (requests only) start none.
  context: async ({ context, hydrationErrors }, provide) => {
    watch(context, hydrationErrors);
    await keepSeenMarksToday(context);
    await provide(context);
    expect(hydrationErrors, 'React reported hydration errors on these pages').toEqual([]);
  },
});

export { expect };

/** The phone that runs the journeys whose behaviour does not depend on the device (docs/development.md "The suite's budget"). */
export const ONE_PHONE = 'pixel-7';

/**
 * Where a journey runs, as a tag the projects filter on (playwright.config.ts, `grepInvert`): a test that is not
 * for a project is not listed there at all. A skip inside the test would first open its browser context and
 * page (one to two seconds each, some 200 s of the e2e stage for the 277 skips it had).
 * - ONE_PHONE_ONLY: nothing in it depends on the phone, and the iPhone's layout and the messaging app's differences
 *   have journeys of their own (frame, screens, hydration, payment routing, accounts);
 * - MESSAGING_APP_ONLY: what only the messaging app's browser does;
 * - NOT_IN_MESSAGING_APP: the same as on Pixel 7, where the messaging app differs only in signing in;
 * - NOT_ON_IPHONE: no iPhone branch in what it covers (the player).
 */
export const ONE_PHONE_ONLY = { tag: '@one-phone' };
export const MESSAGING_APP_ONLY = { tag: '@messaging-app' };
export const NOT_IN_MESSAGING_APP = { tag: '@not-messaging-app' };
export const NOT_ON_IPHONE = { tag: '@not-iphone' };

/**
 * Skips the test on every project but ONE_PHONE, from a hook without fixtures (free): for a whole file or group.
 * A single test takes ONE_PHONE_ONLY instead.
 */
export function onOnePhone(info: { project: { name: string } }): void {
  base.skip(info.project.name !== ONE_PHONE, 'nothing here depends on the phone: one phone runs it');
}
