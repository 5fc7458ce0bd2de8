import path from 'node:path';
import { expect, test, type Page, type TestInfo } from './helpers/test';
import { signInAsGuest } from './helpers/wallet';

// Issue 35 "The player and the frame" (docs/listening.md "Mini player", docs/reading.md "Novel page's action bar", "Paged
// mode", docs/shell.md "Back-and-title bar", "我的"): the mini player docked where it covers no text, the 活动
// entry over no tile, the novel page's action bar that stays on screen. Layout, so on both phones.

type Box = { x: number; y: number; width: number; height: number };

/** What a listen leaves in this browser (docs/listening.md "Listen state and local-storage keys"): the player shows. */
function rememberListen(): void {
  localStorage.setItem('listen.novel', JSON.stringify({ id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '' }));
  localStorage.setItem('listen.article', JSON.stringify({ id: 1, next_id: 2, novel_id: 1 }));
  localStorage.setItem('listen.visable', '1');
}

/** The boxes of every line of text on screen outside the frame's own bars (one rect per line of each text node). */
function textLines(page: Page, within: string): Promise<Box[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return [];
    const out: Box[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || n.parentElement?.closest('.mini-player, .tab-bar, .novel-action-bar, .continue-bar')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight)
          out.push({ x: r.x, y: r.y, width: r.width, height: r.height });
      }
    }
    return out;
  }, within);
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return b!;
}

/**
 * Scrolls to the very end and waits for the page to stop growing: lists that load more as they come into view, and
 * ad slots, which ask for their ads once within 300 px of the screen and may grow the page when the answer comes
 * (components/ads/ad-slot.tsx: its marker says `data-ads` once it has its answer). "Stopped" is the same height on two
 * looks in a row, at the end, with no slot near the screen still asking: a list's next page can be on its way while
 * the page is at its end.
 */
async function scrollToEnd(page: Page): Promise<void> {
  await expect
    .poll(async () =>
      page.evaluate(() => {
        const w = window as unknown as { __lastHeight?: number };
        const height = document.documentElement.scrollHeight;
        const before = window.scrollY;
        window.scrollTo(0, height);
        const asking = [...document.querySelectorAll('.ad-marker:not([data-ads])')].some((m) => {
          const r = m.getBoundingClientRect();
          return r.bottom >= 0 && r.top < window.innerHeight + 300;
        });
        const steady = w.__lastHeight === height;
        w.__lastHeight = height;
        return steady && !asking && window.scrollY === before && window.scrollY + window.innerHeight >= height - 1;
      }),
    )
    .toBe(true);
}

/** The lines of text at the end of the page that lie under any of `over`, looked at once the page stopped growing. */
async function linesUnderAtEnd(page: Page, over: Box[]): Promise<Box[]> {
  await scrollToEnd(page);
  const lines = await textLines(page, '.shell-main');
  // No line at all is no look: a box stands for it so the poll goes on.
  if (lines.length === 0) return [{ x: 0, y: 0, width: 0, height: 0 }];
  return lines.filter((l) => over.some((o) => overlaps(l, o)));
}

test.beforeEach(({}, info) => test.skip(info.project.name === 'wechat', 'layout: the two phones; the messaging app is Pixel 7 again'));

test('the mini player docks over no text (home, novel page, reader); 活动 over no tile; the action bar stays on screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(rememberListen);

  // Home: the 活动 entry sits in the header row, over no tile of the grid nor its title.
  await page.goto('/m?gender=1&lang=1');
  const player = page.getByRole('complementary', { name: '听书播放器' });
  await expect(player).toHaveAttribute('data-shape', 'dock');
  const entry = await box(page, '[data-testid="float-entry"]');
  expect(entry.width).toBeGreaterThanOrEqual(44);
  for (const tile of await page.locator('.tile-grid > li, .novel-card').all()) {
    const t = await tile.boundingBox();
    if (t) expect(overlaps(entry, t), 'the 活动 entry lies over a tile').toBe(false);
  }
  // The player is docked on the tab bar, full width, and lies over neither the 活动 entry nor the tab bar.
  const tabs = await box(page, '.tab-bar');
  const dock = await box(page, '.mini-player');
  expect(Math.abs(dock.y + dock.height - tabs.y)).toBeLessThan(1.5);
  expect(dock.width).toBeGreaterThanOrEqual(tabs.width - 1);
  expect(overlaps(dock, entry)).toBe(false);
  // At the end of the page the last lines scroll clear of it: the page's padding grew by its height.
  // Polled: a list's next page arriving after a look moves the end, and the look is taken again at the new end.
  await expect.poll(() => linesUnderAtEnd(page, [dock])).toEqual([]);

  // Novel page: the action bar stays above the tab bar after scrolling, the player docks on top of it.
  await page.goto('/m/novels/1');
  await scrollToEnd(page);
  const bar = page.getByRole('region', { name: '阅读操作' });
  await expect(bar.getByRole('button', { name: '加入书架' })).toBeInViewport();
  await expect(bar.getByRole('link', { name: '开始阅读' })).toBeInViewport();
  const barBox = await box(page, '.novel-action-bar');
  const novelDock = await box(page, '.mini-player');
  expect(Math.abs(barBox.y + barBox.height - (await box(page, '.tab-bar')).y)).toBeLessThan(1.5);
  expect(Math.abs(novelDock.y + novelDock.height - barBox.y)).toBeLessThan(1.5);
  await expect.poll(() => linesUnderAtEnd(page, [novelDock, barBox])).toEqual([]);

  // Reader: a disc that hides with the bars, so reading it covers nothing; with the bars it sits over the bottom bar.
  await page.goto('/m/read/1?nid=1');
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  // Hidden with the bars (visibility: hidden), so out of the accessibility tree: found by its class.
  const disc = page.locator('.mini-player');
  await expect(disc).toHaveAttribute('data-shape', 'disc');
  await expect(disc).toBeHidden();
  const { width, height } = page.viewportSize()!;
  await page.mouse.click(width / 2, height / 2);
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'shown');
  await expect(player).toBeVisible();
  const discBox = await box(page, '.mini-player');
  expect(discBox.width).toBeGreaterThanOrEqual(44);
  expect(discBox.y + discBox.height).toBeLessThanOrEqual((await box(page, '.reader-bottom')).y);
});

// Screens of the changed pages at 360 and 390 px (docs/screens/README.md): on demand, SCREENS=1, one phone.
const OUT = path.join(__dirname, '..', 'docs', 'screens');

async function shots(page: Page, info: TestInfo, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    await ready(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: path.join(OUT, info.project.name, `${name}-${width}.png`),
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
  }
}

test('screens of the frame (SCREENS=1)', async ({ page }, info) => {
  test.skip(!process.env.SCREENS || info.project.name !== 'pixel-7', 'on demand: SCREENS=1, one phone');
  test.setTimeout(120_000);
  await signInAsGuest(page, info, 'frame-dock');
  await page.addInitScript(rememberListen);
  const visible = (sel: string) => async (p: Page) => void (await expect(p.locator(sel).first()).toBeVisible());
  await page.goto('/m?gender=1&lang=1');
  await shots(page, info, 'dock-home', visible('.mini-player'));
  await page.goto('/m?tab=listen&lang=1');
  await shots(page, info, 'dock-home-listen', visible('.mini-player'));
  await page.goto('/m/free');
  await shots(page, info, 'strip-free', visible('.novel-card'));
  await page.goto('/m/ranks');
  await shots(page, info, 'strip-ranks', visible('.novel-card'));
  await page.goto('/m/novels/1');
  await page.evaluate(() => window.scrollTo(0, 900));
  await shots(page, info, 'novel-action-bar', visible('.novel-action-bar'));
  await page.goto('/m/my');
  await shots(page, info, 'my-grouped', visible('.my-group'));
  await page.goto('/mall/prize_wheel?v=2');
  await shots(page, info, 'prize-wheel-bar', visible('.page-bar'));
  await page.goto('/m/read/1?nid=1');
  await page.mouse.click(180, 390);
  await shots(page, info, 'reader-disc', visible('.mini-player'));
  await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ state: { reader: 'p', pageTurn: 'slide' }, version: 0 })));
  await page.reload();
  await expect(page.locator('.reader-folio')).toHaveText(/^1 \/ \d+$/);
  await page.mouse.click(180, 390);
  await expect(page.locator('.mini-player')).toBeVisible();
  await shots(page, info, 'reader-paged-status', visible('.reader-slider'));
});
