import { expect, test, type Page, ONE_PHONE_ONLY } from './helpers/test';
import { audioTime, ensurePlaying } from './helpers/listen';
import { signInAsGuest } from './helpers/wallet';

// The listener's voice on the real pipeline (docs/listening.md "Voices on the listen page"): chapter 1 of novel 1
// plays, 音色 offers the voices of its language, a voice other than the current one is chosen mid-chapter and the
// chapter goes on in it from the paragraph being spoken, heard (the element's clock advances), and the next chapter
// is signed and heard in the same voice, which the member keeps. One phone: nothing here depends on the device.

interface Signing {
  url: string;
  voice?: string;
}
interface VoiceRow {
  key: string;
  name: string;
}

const activeParagraph = async (page: Page) => Number((await page.locator('.listen-p.active').getAttribute('data-idx')) ?? -1);

async function voicesOf(page: Page, query: string): Promise<{ voices: VoiceRow[]; current: string }> {
  const res = await page.request.get(`/v1/audio/voices?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { voices: VoiceRow[]; current: string } }).data;
}

async function trackIn(page: Page, articleId: number, voice: string): Promise<number[]> {
  const res = await page.request.get(`/v1/articles/${articleId}/tts_time_track?voice=${encodeURIComponent(voice)}`);
  return ((await res.json()) as { data: { time_track: number[] } }).data.time_track;
}

test(
  'pick a voice mid-chapter: the same paragraph goes on in it, and the next chapter keeps it',
  ONE_PHONE_ONLY,
  async ({ page }, info) => {
    test.setTimeout(90_000);
    await signInAsGuest(page, info, 'listen-voice');
    // Every signing the page makes, with the voice the server used (the signed address carries it too).
    const signings: Signing[] = [];
    page.on('response', (res) => {
      if (!res.url().includes('/v1/audio/articles/get_private_url')) return;
      void res
        .json()
        .then((body: { data?: Signing }) => body.data && signings.push(body.data))
        .catch(() => undefined);
    });
    // The sheet is checked at the narrowest phone width the pages support.
    await page.setViewportSize({ width: 360, height: 740 });

    await page.goto('/m/listen/1');
    await ensurePlaying(page);
    await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    const first = await voicesOf(page, 'novel_id=1&article_id=1');
    await expect.poll(() => signings.length).toBeGreaterThan(0);
    expect(signings[0]!.voice).toBe(first.current);

    // Into the chapter: a paragraph past the first, whose place in another voice is not 0.
    await page.locator('.listen-p[data-seekable]').nth(2).click();
    await expect.poll(() => activeParagraph(page)).toBeGreaterThanOrEqual(2);

    const tool = page.getByRole('button', { name: '音色', exact: true });
    expect((await tool.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await tool.click();
    const sheet = page.getByRole('dialog', { name: '音色' });
    const radios = sheet.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    // Every install offers more than one voice per language (eSpeak's variants at least).
    expect(await radios.count()).toBeGreaterThan(1);
    await expect(sheet.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(sheet.getByRole('radio', { checked: true })).toContainText('当前');
    for (const button of await sheet.getByRole('button', { name: /^试听 / }).all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: info.outputPath('voice-sheet-360.png') });

    const other = sheet.getByRole('radio', { checked: false }).first();
    const name = (await other.locator('.voice-name').textContent())!.trim();
    const chosen = first.voices.find((v) => v.name === name)!;
    expect(chosen.key).not.toBe(first.current);
    const before = await activeParagraph(page);
    await other.click();
    await expect(sheet).toHaveCount(0);

    // Signed in the voice chosen, then played from the start of the same paragraph in it.
    await expect.poll(() => signings.at(-1)?.voice, { timeout: 15_000 }).toBe(chosen.key);
    await expect(page.getByRole('status').filter({ hasText: '正在生成所选音色' })).toHaveCount(0, { timeout: 30_000 });
    await ensurePlaying(page);
    const track = await trackIn(page, 1, chosen.key);
    const start = track[before]!;
    // hls.js takes the element to its start position once the first fragment is in (it reads 0 until then): the
    // first time it reads is the paragraph's start, never a play from 0 that passes it.
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
    const atSwitch = await audioTime(page);
    expect(atSwitch).toBeGreaterThanOrEqual(start - 0.5);
    if (track[before + 1] !== undefined) expect(atSwitch).toBeLessThan(track[before + 1]!);
    await expect.poll(() => activeParagraph(page)).toBe(before);
    // Heard: the element's clock advances in the new voice.
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(atSwitch + 1);
    // The member keeps it: the server's answer for the novel is the voice chosen, and so is this browser's.
    expect((await voicesOf(page, 'novel_id=1')).current).toBe(chosen.key);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('listen.voices') ?? '{}'))).toMatchObject({ 1: chosen.key });

    // The next chapter: signed and heard in the same voice.
    const signed = signings.length;
    await page.getByRole('button', { name: '下一章' }).click();
    await expect(page).toHaveURL(/\/m\/listen\/2/);
    await expect.poll(() => signings.length, { timeout: 15_000 }).toBeGreaterThan(signed);
    expect(signings.at(-1)!.voice).toBe(chosen.key);
    await ensurePlaying(page);
    const t2 = await audioTime(page);
    await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(t2 + 1);
    // The sheet of chapter 2 marks it as the one in use.
    await page.getByRole('button', { name: '音色', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '音色' }).getByRole('radio', { checked: true })).toContainText(name);
    await page.keyboard.press('Escape');

    // Elsewhere the mini player plays on, from an address signed in that voice (a reload resumes in it).
    await page.getByRole('link', { name: '返回书籍详情' }).click();
    const mini = page.getByRole('complementary', { name: '听书播放器' });
    await expect(mini.getByRole('button', { name: '暂停' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('listen.m3u8_url'));
    expect(new URL(stored!, 'http://local').searchParams.get('v')).toBe(chosen.key);
    const t3 = await audioTime(page);
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(t3 + 1);
  },
);
