import { expect, test, type Page, ONE_PHONE_ONLY } from './helpers/test';
import { audioTime, ensurePlaying } from './helpers/listen';
import { signInAsGuest } from './helpers/wallet';

// The continuous stream (docs/listening.md "Continuous stream") on the real pipeline: chapter 1 of novel 1 with
// 一直连续播放 plays one stream that holds chapter 2 as well. Near the end of chapter 1 the page's JavaScript is
// frozen (the debugger paused on the main thread: no timers, no event handlers, no hls.js) as a locked phone
// would; the media element plays on into chapter 2 by itself, and once the page runs again the title, the address
// and the highlighted paragraph follow.

const bufferedEnd = (page: Page) =>
  page.evaluate(() => {
    const b = document.querySelector('audio')!.buffered;
    return b.length ? b.end(b.length - 1) : 0;
  });

test(
  'unlimited continuous play crosses into chapter 2 while the page is frozen; the page follows when it resumes',
  ONE_PHONE_ONLY,
  async ({ page }, info) => {
    // pixel-7', 'one phone is enough: the stream is the same on each
    test.setTimeout(180_000);
    await signInAsGuest(page, info, 'listen-stream');
    await page.goto('/m');
    await page.evaluate(() => {
      localStorage.setItem('listen.continuous_play_type', '3');
      localStorage.setItem('listen.continuous_play', '-1');
    });
    await page.goto('/m/listen/1');
    await ensurePlaying(page);
    await expect(page.getByRole('button', { name: '不限 连播' })).toBeVisible();

    // Chapter 1's audio is finished once its last paragraph can be tapped; jump there.
    const paragraphs = page.locator('.listen-p');
    const last = paragraphs.nth((await paragraphs.count()) - 1);
    await expect(last).toHaveAttribute('data-seekable', 'true', { timeout: 60_000 });
    // The last paragraph's start is known before the chapter is complete (its length null until then): asked until it is.
    let chapterOneEnd = 0;
    await expect
      .poll(
        async () => {
          const track = (await (await page.request.get('/v1/articles/1/tts_time_track')).json()) as { data: { duration: number | null } };
          chapterOneEnd = track.data.duration ?? 0;
          return chapterOneEnd;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
    await last.click();
    await ensurePlaying(page);

    // The stream holds chapter 2 (voiced ahead): the player buffers past chapter 1's end.
    await expect.poll(() => bufferedEnd(page), { timeout: 60_000, intervals: [500] }).toBeGreaterThan(chapterOneEnd + 3);
    const t0 = await audioTime(page);
    expect(t0).toBeLessThan(chapterOneEnd);

    // Freeze the page's JavaScript until past the boundary.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.pause');
    const wait = Math.min(20, chapterOneEnd - t0 + 3);
    await new Promise((r) => setTimeout(r, wait * 1000));
    await cdp.send('Debugger.resume');
    await cdp.send('Debugger.disable');

    // The audio went on by itself, across the boundary.
    const t1 = await audioTime(page);
    expect(t1).toBeGreaterThan(chapterOneEnd);
    expect(t1 - t0).toBeGreaterThan(wait * 0.6);

    // The page follows: chapter 2's title and address, its paragraph highlighted, the time within chapter 2.
    await expect(page.locator('.listen-chapter')).toHaveText(/^第2章/, { timeout: 15_000 });
    await expect(page).toHaveURL(/\/m\/listen\/2\?read_type=1$/);
    await expect(page.locator('.listen-p.active')).toHaveCount(1, { timeout: 15_000 });
    const slider = page.getByRole('slider', { name: '播放进度' });
    expect(Number(await slider.inputValue())).toBeLessThan(t1 - chapterOneEnd + 5);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('listen.article'))) ?? 'null')).toMatchObject({ id: 2 });
    // Still the one stream: the audio keeps playing.
    await expect(page.getByRole('button', { name: '暂停' }).first()).toBeVisible();
    await page.screenshot({ path: info.outputPath('listen-stream.png') });
  },
);
