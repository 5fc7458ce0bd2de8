import { expect, test, ONE_PHONE_ONLY } from './helpers/test';

// The console's voice list (docs/speech-engines-local.md "Console", "Voice samples"): a member of staff opens
// /admin/listening on a phone, taps 试听 beside 普通话 · 女声 and hears it — the clip is made on that first request
// and the <audio> plays on (its currentTime advances). The sample URL answers m4a to anyone, signed in or not.

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

test('试听 on the console plays a voice’s sample', ONE_PHONE_ONLY, async ({ page, request }) => {
  // the console is one server-rendered journey: one phone is enough
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(STAFF_USERNAME);
  await page.getByLabel('密码').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/listening');
  const list = page.getByTestId('voice-list');
  await expect(list.getByRole('heading', { name: '音色' })).toBeVisible();
  for (const key of ['espeak-ng:cmn', 'espeak-ng:cmn+f3', 'espeak-ng:cmn+m4', 'espeak-ng:ug', 'espeak-ng:ug+f3'])
    await expect(list.locator(`tr[data-voice="${key}"]`)).toBeVisible();

  const row = list.locator('tr[data-voice="espeak-ng:cmn+f3"]');
  const button = row.getByRole('button', { name: '试听 普通话 · 女声' });
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await button.click();
  await expect(button).toHaveText('停止', { timeout: 20_000 });
  await expect.poll(() => row.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await button.click();
  await expect(button).toHaveText('试听');

  // The clip itself, as any browser gets it: public, cacheable, an MP4 container.
  const res = await request.get('/audio/voices/espeak-ng%3Acmn%2Bf3/sample');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('audio/mp4');
  expect(res.headers()['cache-control']).toBe('public, max-age=3600');
  expect((await res.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect((await request.get('/audio/voices/espeak-ng%3Axx/sample')).status()).toBe(404);
});
