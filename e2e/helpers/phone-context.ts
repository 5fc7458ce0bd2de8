import { keepSeenMarksToday, type Browser, type Page, type TestInfo } from './test';

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
  await keepSeenMarksToday(context);
  return context.newPage();
}
