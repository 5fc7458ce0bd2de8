import { expect, type Page } from './test';

// Steps the listening journeys share (docs/listening.md "Listen page", "Player rules").

/**
 * The page starts playing by itself where the browser allows it; where autoplay is refused (a reload) it waits
 * for a tap. Tap play whenever it shows, until it plays (a tap racing the autoplay may pause it: tap again).
 */
export async function ensurePlaying(page: Page): Promise<void> {
  const toggle = page.locator('.listen-play');
  await expect(toggle).toBeVisible();
  const elementPlays = () => page.evaluate(() => document.querySelector('audio')?.paused === false);
  await expect(async () => {
    // The page's own autoplay may start between reading the button and the tap, and the tap then pauses it (the
    // button still read 暂停 until the pause was reported): the element decides, and a round that paused it taps again.
    if (!(await elementPlays()) && (await toggle.getAttribute('aria-label')) === '播放') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', '暂停', { timeout: 3_000 });
    await expect.poll(elementPlays, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** The visit's `<audio>` element's own clock, in seconds (what the listener hears, not the page's state). */
export const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
