import path from 'node:path';
import { expect, test, type Page, type TestInfo, ONE_PHONE_ONLY } from './helpers/test';
import { layoutShift, watchLayoutShift } from './helpers/layout-shift';

// Recent chapters kept on the device with no tap, our offline page and home's 继续阅读 card (docs/offline.md
// "Recent chapters", "The offline page"; docs/reading.md "Home's 继续阅读"). A guest: their free chapters only.
// With SCREENS=1 the offline page and the card are written to docs/screens/<device>/ at 360 and 390 px wide.

async function firstChapter(page: Page): Promise<number> {
  return ((await (await page.request.get('/v1/novels/1')).json()) as { data: { first_article_id: number } }).data.first_article_id;
}

/** The page at 360 and 390 px wide (the narrow phones readers use), then back to the device's own size. */
async function shots(page: Page, info: TestInfo, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const dir = process.env.SCREENS ? path.join(__dirname, '..', 'docs', 'screens', info.project.name) : info.outputPath();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: size.height });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), animations: 'disabled', caret: 'hide', scale: 'css' });
  }
  await page.setViewportSize(size);
}

test(
  'a chapter read a minute ago opens offline, other pages show our offline page, home offers 继续阅读',
  ONE_PHONE_ONLY,
  async ({ page, context }, info) => {
    const aid = await firstChapter(page);
    await page.goto(`/m/read/${aid}?nid=1`);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    // The worker registers after load; the reader then tells it to keep the chapter (and the next one).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const index = await (await caches.open('shusheng-recent-guest')).match('/offline/recent.json');
            return index ? ((await index.json()) as { chapters: { aid: number }[] }).chapters.map((c) => c.aid) : [];
          }),
        { timeout: 30_000 },
      )
      .toEqual([aid, expect.any(Number)]); // the chapter read, and the next one prefetched

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);

    // A page never visited: our offline page, listing the chapter just read.
    await page.goto('/m/novels/1');
    await expect(page).toHaveTitle('离线 — 书声');
    const recent = page.getByRole('link', { name: new RegExp(heading!.trim().slice(0, 6)) });
    await expect(recent).toHaveAttribute('href', `/m/read/${aid}?nid=1`);
    await shots(page, info, 'offline-page');
    await recent.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    await context.setOffline(false);

    // Home: the card under the banner points back at that chapter, in a slot reserved before the first paint.
    await watchLayoutShift(page);
    await page.goto('/m');
    const card = page.getByRole('link', { name: /继续阅读《.+》/ });
    await expect(card).toHaveAttribute('href', new RegExp(`^/m/read/${aid}\\?nid=1`));
    const banner = (await page.getByRole('region', { name: /.+/ }).and(page.locator('[aria-roledescription="carousel"]')).boundingBox())!;
    expect((await card.boundingBox())!.y).toBeGreaterThanOrEqual(banner.y + banner.height);
    expect(await layoutShift(page)).toBe(0);
    await shots(page, info, 'home-continue');
  },
);
