import path from 'node:path';
import { expect, test, type Page, type TestInfo } from './helpers/test';
import { freshPhone, payInSandbox, productNamed, signInByPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';

// The screenshot tool (docs/screens/README.md): what the product looks like on each phone, written to
// docs/screens/<device>/<name>.png. On demand only — not a test of anything:
//   npx next build && SCREENS=1 E2E_PORT=3100 npx playwright test e2e/screens.spec.ts --project=pixel-7 --project=iphone-13
// Seeded ids as in e2e/hydration.spec.ts: novel 1 (chapter 21 the first paid one), 3 Uyghur (chapter 3201), 4 Tibetan (3241).

const OUT = path.join(__dirname, '..', 'docs', 'screens');

test.skip(!process.env.SCREENS, 'on demand: SCREENS=1 (docs/screens/README.md)');
test.beforeEach(({}, info) => test.skip(info.project.name === 'wechat', 'the two phones are enough to see the pages'));

/** The viewport as the reader sees it once fonts and the images in view have loaded; CSS animations stopped. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Only what is on screen: the carousel's other slides and the rows below are lazy and never load here.
    const onScreen = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
    });
    const loaded = Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
    await Promise.race([loaded, new Promise((done) => setTimeout(done, 5_000))]);
  });
  await page.screenshot({ path: path.join(OUT, info.project.name, `${name}.png`), animations: 'disabled', caret: 'hide', scale: 'css' });
}

/** The reader's persisted settings (lib/client/reader/settings-store.ts), read by its no-flash script on load. */
async function readerSettings(page: Page, skin: string, reader: 'v' | 'p'): Promise<void> {
  const state = { font: 'font3', skin, reader, fontSize: 19, lineHeight: 1.8 };
  await page.evaluate((value) => localStorage.setItem('settings', value), JSON.stringify({ state, version: 0 }));
}

async function open(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(url);
  await ready(page);
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const novelCards = (page: Page) => expect(page.locator('.novel-card, .carousel-item').first()).toBeVisible();

test('screens of home, novel, reader, listen and wallet pages', async ({ page, hydrationErrors }, info) => {
  test.setTimeout(240_000);

  // Home: the two channels and the audio tab in Chinese, then the channel in Uyghur and Tibetan.
  for (const [name, url] of [
    ['home-male', '/m?gender=1&lang=1'],
    ['home-female', '/m?gender=2&lang=1'],
    ['home-listen', '/m?tab=listen&lang=1'],
    ['home-uyghur', '/m?gender=1&lang=0'],
    ['home-tibetan', '/m?gender=1&lang=2'],
  ]) {
    await open(page, url!, novelCards);
    await shot(page, info, name!);
  }

  await open(page, '/m/novels/1', heading);
  await shot(page, info, 'novel');
  await open(page, '/m/novels/1/chapters', heading);
  await shot(page, info, 'catalogue');

  // The reader in each skin (scrolling), then paged.
  await open(page, '/m/read/1?nid=1', heading);
  for (const skin of ['skin1', 'skin2', 'skin3', 'night']) {
    await readerSettings(page, skin, 'v');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
    await shot(page, info, `reader-${skin}`);
  }
  await readerSettings(page, 'skin1', 'p');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-reader', 'p');
  await shot(page, info, 'reader-paged');
  await readerSettings(page, 'skin1', 'v');
  await open(page, '/m/read/3201?nid=3', heading);
  await shot(page, info, 'reader-uyghur');
  await open(page, '/m/read/3241?nid=4', heading);
  await shot(page, info, 'reader-tibetan');

  await open(page, '/m/read/21?nid=1', (p) => expect(p.getByRole('heading', { name: '本章为付费章节' })).toBeVisible());
  await shot(page, info, 'paywall-signed-out');

  // A new member (signup vouchers), as after SMS sign-in.
  await signInByPhone(page, freshPhone(info.workerIndex));
  await open(page, '/m/read/21?nid=1', (p) => expect(p.getByRole('heading', { name: '本章为付费章节' })).toBeVisible());
  await shot(page, info, 'paywall');

  await open(page, '/m/listen/1?read_type=1', (p) => expect(p.locator('.listen-play')).toBeVisible());
  await shot(page, info, 'listen');

  await open(page, '/recharge/start', (p) => expect(p.getByRole('list', { name: '充值档位' })).toBeVisible());
  await shot(page, info, 'recharge');
  const pack = await productNamed(page, 'recharge', '5000书币');
  await payInSandbox(page, pack.id, '/m/coins');
  await expect(page.getByRole('heading', { name: '充值记录' })).toBeVisible();
  await shot(page, info, 'coins');

  // One chapter bought, so the records have a line.
  const bought = await page.request.post('/v1/novels/1/buy', { headers: sigHeader(), data: { aid: 21 } });
  expect(bought.ok()).toBe(true);
  await open(page, '/m/expenses', (p) => expect(p.getByRole('list', { name: '消费记录' })).toBeVisible());
  await shot(page, info, 'expenses');
  await open(page, '/m/vouchers', (p) => expect(p.getByRole('list', { name: '书券' })).toBeVisible());
  await shot(page, info, 'vouchers');
  await open(page, '/m/vip', (p) => expect(p.getByText('充值书币及开通VIP为虚拟商品，一经购买不支持退款')).toBeVisible());
  await shot(page, info, 'vip');
  await open(page, '/m/my', (p) => expect(p.getByTestId('welth')).toBeVisible());
  await shot(page, info, 'my');

  // Pictures, not a check: e2e/hydration.spec.ts owns that (and marks the known paywall mismatch). Noted here instead.
  for (const error of hydrationErrors.splice(0)) info.annotations.push({ type: 'hydration error', description: error });
});
