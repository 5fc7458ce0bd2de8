import { expect, type Page } from './test';

// Steps the listening journeys share (docs/listening.md "Listen page", "Player rules").

/**
 * The page starts playing by itself where the browser allows it; where autoplay is refused (a reload) it waits
 * for a tap. Tap play whenever it shows, until it plays (a tap racing the autoplay may pause it: tap again).
 */
export async function ensurePlaying(page: Page): Promise<void> {
  const toggle = page.locator('.listen-play');
  await expect(toggle).toBeVisible();
  await expect(async () => {
    if ((await toggle.getAttribute('aria-label')) === '播放') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', '暂停', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The visit's `<audio>` element's own clock, in seconds (what the listener hears, not the page's state). */
export const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
