import type { Browser, Page, TestInfo } from './test';

/** A new context of the same phone (viewport, UA, locale), as a second person holding their own device. */
export async function newPhonePage(browser: Browser, info: TestInfo): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, baseURL, storageState } = info.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
    baseURL,
    storageState,
  });
  return context.newPage();
}
