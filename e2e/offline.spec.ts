import { expect, test, type Page, ONE_PHONE_ONLY } from './helpers/test';
import { ensurePlaying } from './helpers/listen';
import { signInAsGuest } from './helpers/wallet';
import type { OfflineManifest } from '@/lib/shared/dto/offline';

// Offline reading and listening (docs/offline.md): a member downloads three chapters of novel 1 from the novel
// page, the browser goes offline, and the chapters still play from the 已下载 page (the audio element's time
// advances, through hls.js answered by the service worker) and their text opens.

async function firstChapter(page: Page): Promise<number> {
  return ((await (await page.request.get('/v1/novels/1')).json()) as { data: { first_article_id: number } }).data.first_article_id;
}

/** The manifest of the first three chapters, asked until their audio is made (the first ask queues it). */
async function waitForAudio(page: Page, start: number): Promise<OfflineManifest> {
  let manifest: OfflineManifest | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/v1/offline/manifest?novel_id=1&start=${start}&count=3`);
        manifest = ((await res.json()) as { data: OfflineManifest }).data;
        return manifest.chapters.filter((c) => c.audio).length;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(3);
  return manifest!;
}

test('download three chapters, go offline: they play and their text opens', ONE_PHONE_ONLY, async ({ page, context }, info) => {
  // one phone is enough: the service worker is the same everywhere
  test.setTimeout(240_000);
  await signInAsGuest(page, info, 'offline');
  const start = await firstChapter(page);
  const manifest = await waitForAudio(page, start);

  await page.goto('/m/novels/1');
  // The worker registers after load and takes control of the page.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  await page.getByRole('button', { name: '下载', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '下载到本机' });
  await sheet.getByRole('combobox').selectOption('3');
  await expect(sheet.getByTestId('offline-size')).toContainText('可下载 3 章');
  await sheet.getByRole('button', { name: '开始下载' }).click();
  await expect(sheet.getByText(/下载完成，本次占用/)).toBeVisible({ timeout: 60_000 });
  await expect(sheet.getByText(/已下载内容共占用/)).toBeVisible();
  await page.screenshot({ path: info.outputPath('offline-sheet.png') });
  await sheet.getByRole('button', { name: '关闭' }).click();

  await page.goto('/m/downloads');
  for (const c of manifest.chapters) await expect(page.getByTestId(`download-${c.article_id}`)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('当前处于离线状态')).toBeVisible();
  const first = manifest.chapters[0]!;
  await page.getByTestId(`download-${first.article_id}`).getByRole('button', { name: '收听' }).click();
  const audio = page.getByTestId('offline-audio');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  await page.screenshot({ path: info.outputPath('offline-downloads.png') });

  // The text of a downloaded chapter opens offline; a chapter not downloaded does not.
  const second = manifest.chapters[1]!;
  await page.getByTestId(`download-${second.article_id}`).getByRole('link', { name: '阅读' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/read/${second.article_id}$`));
  await expect(page.getByText(second.paragraphs[0]!.slice(0, 12))).toBeVisible();
  await page.screenshot({ path: info.outputPath('offline-reader.png') });
  // A chapter neither downloaded nor read recently: our offline page (docs/offline.md "The offline page").
  await page.goto(`/m/read/${second.article_id + 100}`);
  await expect(page).toHaveTitle('离线 — 书声');
  await context.setOffline(false);
});

test("a downloaded chapter's listen page opens and plays offline", ONE_PHONE_ONLY, async ({ page, context }, info) => {
  // one phone is enough: the service worker is the same everywhere
  test.setTimeout(240_000);
  await signInAsGuest(page, info, 'offline-listen');
  const start = await firstChapter(page);
  const manifest = await waitForAudio(page, start);

  await page.goto('/m/novels/1');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  await page.getByRole('button', { name: '下载', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '下载到本机' });
  await sheet.getByRole('combobox').selectOption('3');
  await expect(sheet.getByTestId('offline-size')).toContainText('可下载 3 章');
  await sheet.getByRole('button', { name: '开始下载' }).click();
  await expect(sheet.getByText(/下载完成，本次占用/)).toBeVisible({ timeout: 60_000 });
  await sheet.getByRole('button', { name: '关闭' }).click();
  // The download mounted the player's host (its code fetched through the worker, kept for offline).
  await expect(page.locator('#listen-media')).toBeAttached({ timeout: 30_000 });

  // Never opened online: the listen page, its player's code and its audio all come from the download.
  await context.setOffline(true);
  const second = manifest.chapters[1]!;
  await page.goto(`/m/listen/${second.article_id}`);
  await expect(page.getByText(second.paragraphs[0]!.slice(0, 12))).toBeVisible();
  // The parts of the page whose code was never fetched online (the similar-audio list near the end, the spoken
  // paragraph's comments) cannot load offline: they are left out, and the player stays. Scrolled to the end first,
  // so the list's chunk is asked for before the tap (it once took the page to the error screen, play button and all).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The download plays by itself where the browser lets the page sound (then the button says 暂停 and there is no
  // 播放 to tap: the retry of the CI failure); otherwise a tap, once the visit's player is there, starts it.
  // A tap racing the page's own start can leave it paused once the label has said 暂停 (seen on CI): the audio's
  // own clock decides, with a tap again whenever it stands.
  const audio = page.locator('#listen-media');
  await expect(async () => {
    await ensurePlaying(page);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(1);
  }).toPass({ timeout: 45_000 });
  expect(await audio.evaluate((el: HTMLAudioElement) => el.src)).toMatch(/^blob:/);
  // Playing (the comments' chunk asked for too): still the player, never the error screen.
  await expect(page.getByRole('button', { name: '暂停', exact: true })).toBeVisible();
  await expect(page.locator('.error-screen')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('offline-listen.png') });

  // A chapter not downloaded has no listen page offline: our offline page (docs/offline.md "The offline page").
  await page.goto(`/m/listen/${second.article_id + 100}`);
  await expect(page).toHaveTitle('离线 — 书声');
  await context.setOffline(false);
});
