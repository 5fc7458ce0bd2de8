import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { BUSINESS_TIMEZONE, businessDayOf } from './lib/shared/business-time';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240404 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

// Debian's Chromium, started without the background services that would call out of this closed network: its headless
// shell where installed, as `npm test` chooses (scripts/lib/chromium.mjs).
const SHELL = '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath: process.env.CHROME_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium'),
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

// Device descriptors for iPhones default to WebKit; here every project runs in Chromium with the phone's viewport and UA.
const phone = (name: string) => {
  const { defaultBrowserType: _ignored, ...rest } = devices[name]!;
  return { ...rest, browserName: 'chromium' as const, launchOptions };
};

// The promotion popup and the check-in modal open on home once a day per device (docs/shell.md "Modals",
// docs/activity-pages.md). Every journey starts on a device that has already seen today's, so neither covers what they
// tap; e2e/payment-routing.spec.ts starts without the popup, e2e/activity.spec.ts without the check-in modal.
const shanghaiToday = businessDayOf(new Date());
const POPUP_SEEN_TODAY = {
  cookies: [],
  origins: [
    {
      origin: `http://127.0.0.1:${PORT}`,
      localStorage: [
        { name: 'promotion_popup.shown_on', value: shanghaiToday },
        { name: 'checkin_modal.shown_on', value: shanghaiToday },
        // 青少年模式's first-start prompt (docs/minors-mode.md "The first-start prompt"), once per device.
        { name: 'minors_prompt.shown', value: '1' },
      ],
    },
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    locale: 'zh-CN',
    // The browser's own clock reads business time too, as our readers' phones do.
    timezoneId: BUSINESS_TIMEZONE,
    storageState: POPUP_SEEN_TODAY,
  },
  // Each project leaves out the journeys tagged for others (e2e/helpers/test.ts "Where a journey runs").
  projects: [
    { name: 'iphone-13', use: phone('iPhone 13'), grepInvert: /@one-phone|@messaging-app|@not-iphone/ },
    { name: 'pixel-7', use: phone('Pixel 7'), grepInvert: /@messaging-app/ },
    // Service workers blocked: Playwright gives a page's emulated user agent to the page's own requests but not to those
    // its service worker makes, so pages the worker passes on would reach the route guard as plain Chromium and skip the
    // messaging app's forced sign-in. A real in-app browser's worker sends the app's user agent; the worker itself is
    // tested on pixel-7 (e2e/offline*.spec.ts).
    {
      name: 'wechat',
      use: { ...phone('Pixel 7'), userAgent: WECHAT_UA, serviceWorkers: 'block' },
      grepInvert: /@one-phone|@not-messaging-app/,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
