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
 * Skips the test on every project but ONE_PHONE: nothing in it depends on the phone, and the iPhone's layout and
 * the messaging app's differences have journeys of their own (frame, screens, hydration, payment routing, accounts).
 */
export function onOnePhone(info: { project: { name: string } }): void {
  base.skip(info.project.name !== ONE_PHONE, 'nothing here depends on the phone: one phone runs it');
}
