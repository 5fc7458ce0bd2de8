import { expect, test, type Page, ONE_PHONE_ONLY } from './helpers/test';
import { freshPhone, payInSandbox, productNamed, signInByPhone } from './helpers/wallet';

// docs/listening.md "Preview of a locked chapter": a signed-in reader with coins opens a locked chapter's listen
// page, the preview plays (only the teaser's audio), they buy from the player and the full chapter continues past
// the preview's end without a reload.

const slider = (page: Page) => page.getByRole('slider', { name: '播放进度' });

type Teased = { id: number; teaser: string };

/** A paid chapter of novel 1 whose teaser (first paragraph) is long enough for a preview of a few segments. */
async function chapterWithLongTeaser(page: Page): Promise<Teased> {
  const catalog = (await (await page.request.get('/v1/novels/1/catalog?limit=100')).json()).data.data as Array<{
    id: number;
    is_free: boolean;
  }>;
  const paid = catalog.filter((c) => !c.is_free).slice(0, 12);
  let best: Teased | null = null;
  for (const c of paid) {
    const body = (await (await page.request.get(`/v1/read/${c.id}?nid=1`)).json()) as {
      data: { paywall: { teaser: string | null } | null };
    };
    const teaser = body.data.paywall?.teaser ?? '';
    if (!best || teaser.length > best.teaser.length) best = { id: c.id, teaser };
  }
  return best!;
}

test('preview a locked chapter, buy from the player, playback continues past the preview', ONE_PHONE_ONLY, async ({ page }) => {
  // one phone project is enough for the preview journey
  test.setTimeout(180_000);
  await signInByPhone(page, freshPhone(31));
  const pack = await productNamed(page, 'recharge', '600书币');
  await payInSandbox(page, pack.id, '/m/coins');
  const chapter = await chapterWithLongTeaser(page);

  await page.goto(`/m/listen/${chapter.id}`);
  await expect(page.getByRole('heading', { name: '本章为付费章节' })).toBeVisible();
  const preview = page.locator('.listen-preview');
  await expect(preview).toBeVisible();
  // Autoplay may be refused on a fresh page: tap until the preview plays.
  await expect(async () => {
    const play = preview.getByRole('button', { name: '试听' });
    if (await play.isVisible()) await play.click();
    await expect(preview.getByRole('button', { name: '暂停试听' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const previewTime = async () => Number(await preview.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime));
  // The first listen voices the whole chapter (the preview's cap needs its time track): the playlist answers 503
  // until then and the page asks again (six rounds of 15 s at most), so on a busy machine the sound can take a while.
  await expect.poll(previewTime, { timeout: 100_000 }).toBeGreaterThan(1);
  // The preview's playlist holds only whole segments of the teaser, never more than 30 s.
  const previewLength = await preview.locator('audio').evaluate((a: HTMLAudioElement) => a.duration);
  expect(previewLength).toBeGreaterThan(0);
  expect(previewLength).toBeLessThanOrEqual(30.5);

  // Buy from the player: the page stays, the visit's player takes over from where the preview was.
  const url = page.url();
  const at = await previewTime();
  await page.getByRole('button', { name: '购买本章' }).click();
  await expect(preview).toHaveCount(0, { timeout: 20_000 });
  expect(page.url()).toBe(url);
  const toggle = page.locator('.listen-play');
  await expect(async () => {
    if ((await toggle.getAttribute('aria-label')) === '播放') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', '暂停', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const position = async () => Number(await slider(page).inputValue());
  await expect.poll(position, { timeout: 30_000 }).toBeGreaterThanOrEqual(Math.floor(at));
  // And on past the preview's end, into audio only a buyer may hear.
  await page.locator('#listen-media').evaluate((a: HTMLAudioElement, t: number) => (a.currentTime = t), previewLength - 1);
  await expect.poll(position, { timeout: 30_000 }).toBeGreaterThan(previewLength + 1);
});
