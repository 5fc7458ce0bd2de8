import { test as base, expect, type BrowserContext, type ConsoleMessage, type WebError } from '@playwright/test';
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

export const test = base.extend<HydrationFixtures>({
  hydrationErrors: async ({}, provide) => {
    await provide([]);
  },
  // The context, not the page: pages a test opens itself (popups, context.newPage) are watched as well, and specs
  // without a browser (requests only) start none.
  context: async ({ context, hydrationErrors }, provide) => {
    watch(context, hydrationErrors);
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
