// Budget, health figures and the fallback to eSpeak around an HTTP engine (docs/speech-engines.md "Fallback",
// "Budget and health"): the stand-in fails mid-chapter or the day's characters run out, and the chapter still ends
// with every paragraph, at the engine's rate, its figures in PostgreSQL for every server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { useTempAudioStorage } from './temp-audio-storage';
import { useTtsStandIn } from './tts-stand-in';
import { getDb } from '@/lib/server/db/client';
import { authors, categories, chapters, novels, ttsEngineDays, ttsFallbackChapters } from '@/lib/server/db/schema';
import { audioStorage } from '@/lib/server/audio/storage';
import { chapterFallbacks, engineFor } from '@/lib/server/audio/engines';
import { ENGINE_COOLDOWN_MS, resetEngineCooldowns } from '@/lib/server/audio/guarded-engine';
import { chapterAudioState, ensureChapterAudio } from '@/lib/server/audio/jobs';
import { voiceByKey } from '@/lib/tts/registry';
import { renderChapterAudio } from '@/lib/tts/render-chapter';
import type { SpeechEngine } from '@/lib/tts/engine';
import { businessDayOf } from '@/lib/shared/business-time';

// The job registry renders with the source's engine: here, the wrapped HTTP engine of the test's voice.
let jobEngine: (() => SpeechEngine) | null = null;
jest.mock('@/lib/server/audio/source', () => {
  const actual = jest.requireActual<typeof import('@/lib/server/audio/source')>('@/lib/server/audio/source');
  return { ...actual, chapterEngine: () => jobEngine?.() ?? actual.chapterEngine() };
});

process.env.LOG_LEVEL = 'silent';
useTestDatabase();
useTempAudioStorage('engine-fallback');
const { standIn, setEnv } = useTtsStandIn({ TTS_OPENAI_BACKOFF_MS: '10', TTS_OPENAI_RETRIES: '1' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-fallback-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PARAGRAPHS = ['第一段，山门前。', '第二段，少年归。', '第三段，长老笑。', '第四段，夜色深。', '第五段，故事完。'];
const voice = () => voiceByKey('openai:alloy')!;
const usage = async () =>
  (await getDb().select().from(ttsEngineDays).where(eq(ttsEngineDays.engine, 'openai'))).find((r) => r.day === businessDayOf(new Date()));

let n = 0;
async function render(engine: SpeechEngine) {
  const out = path.join(dir, `r${++n}`);
  fs.mkdirSync(out);
  return renderChapterAudio({
    engine,
    voice: voice(),
    paragraphs: PARAGRAPHS,
    dir: out,
    priority: () => 'now',
    onSegment: async () => undefined,
  });
}

beforeEach(async () => {
  await getDb().delete(ttsEngineDays);
  resetEngineCooldowns();
});

it('an engine failing mid-chapter: the rest goes to eSpeak at the engine rate, every paragraph is in the time track', async () => {
  standIn().behave({ failAfter: 2 });
  const engine = engineFor(voice());
  expect(engine.sampleRate).toBe(24_000);
  const rendered = await render(engine);
  expect(rendered.timeTrack).toHaveLength(PARAGRAPHS.length);
  for (let i = 1; i < PARAGRAPHS.length; i++) expect(rendered.timeTrack[i]!).toBeGreaterThan(rendered.timeTrack[i - 1]! + 0.5);
  // Five short paragraphs and four pauses: several seconds, each paragraph about a second of speech.
  expect(rendered.duration).toBeGreaterThan(rendered.timeTrack.at(-1)! + 0.3);
  expect(rendered.duration).toBeLessThan(30);
  expect(chapterFallbacks(engine)).toBe(3);
  // Two good answers, then the third paragraph's attempt and its one retry; nothing more was asked of the engine.
  expect(
    standIn()
      .syntheses()
      .map((r) => r.text),
  ).toEqual([PARAGRAPHS[0], PARAGRAPHS[1], PARAGRAPHS[2], PARAGRAPHS[2]]);
  const row = await usage();
  expect(row).toMatchObject({ requests: 3, failures: 1, fallbacks: 3, chars: 16 });
  expect(row!.lastError).toMatch(/HTTP 500/);
  expect(row!.lastErrorAt).toBeInstanceOf(Date);
  // Two paragraphs of about a second each, made in well under their length.
  expect(row!.audioMs).toBeGreaterThan(1000);
  expect(row!.synthMs).toBeGreaterThan(0);

  // The next chapter, within the cool-down, goes straight to eSpeak: no listener waits out the timeouts again.
  const next = engineFor(voice());
  expect((await render(next)).timeTrack).toHaveLength(PARAGRAPHS.length);
  expect(chapterFallbacks(next)).toBe(5);
  expect(standIn().syntheses()).toHaveLength(4);
  expect(await usage()).toMatchObject({ failures: 1, fallbacks: 8 });
  // After it, the engine is asked again.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask', 'performance'] });
  jest.setSystemTime(Date.now() + ENGINE_COOLDOWN_MS + 1);
  try {
    standIn().behave();
    const later = engineFor(voice());
    await render(later);
    expect(chapterFallbacks(later)).toBe(0);
    expect(standIn().syntheses()).toHaveLength(5);
  } finally {
    jest.useRealTimers();
  }
});

it('the day budget spent: the paragraph that does not fit and the rest go to eSpeak; a second server sees the same budget', async () => {
  // Each paragraph is 8 characters: two fit in 20, the third does not.
  setEnv({ TTS_OPENAI_DAILY_CHARS: '20' });
  const first = engineFor(voice());
  const rendered = await render(first);
  expect(rendered.timeTrack).toHaveLength(PARAGRAPHS.length);
  expect(chapterFallbacks(first)).toBe(3);
  expect(standIn().syntheses()).toHaveLength(2);
  expect(await usage()).toMatchObject({ chars: 16, requests: 2, failures: 0, fallbacks: 3, lastError: null });
  // Another chapter (as on another server: a new wrapper, the row in PostgreSQL the only thing shared) asks nothing
  // of the engine: 16 + 8 > 20.
  const second = engineFor(voice());
  const again = await render(second);
  expect(again.timeTrack).toHaveLength(PARAGRAPHS.length);
  expect(chapterFallbacks(second)).toBe(5);
  expect(standIn().syntheses()).toHaveLength(2);
  expect(await usage()).toMatchObject({ chars: 16, fallbacks: 8 });
  setEnv({ TTS_OPENAI_DAILY_CHARS: undefined });
});

it('racing chapters never take more than the budget between them', async () => {
  setEnv({ TTS_OPENAI_DAILY_CHARS: '40' });
  standIn().behave({ delayMs: 50 });
  const engines = Array.from({ length: 4 }, () => engineFor(voice()));
  await Promise.all(engines.map(render));
  // 4 chapters × 5 paragraphs × 8 characters asked; 5 paragraphs' worth fit.
  expect(standIn().syntheses()).toHaveLength(5);
  expect((await usage())!.chars).toBe(40);
  expect(engines.reduce((s, e) => s + chapterFallbacks(e), 0)).toBe(15);
  setEnv({ TTS_OPENAI_DAILY_CHARS: undefined });
});

it("a job whose engine fell back stores the chapter complete, with its fallback count in the chapter's state, listed for staff until voiced in full", async () => {
  const d = getDb();
  const [author] = await d.insert(authors).values({ name: '墨香' }).returning({ id: authors.id });
  const [cat] = await d.insert(categories).values({ name: '玄幻', gender: 1 }).returning({ id: categories.id });
  const [novel] = await d
    .insert(novels)
    .values({ thumb: '', authorId: author!.id, categoryId: cat!.id, title: '后备之书', hasTts: true, languageType: 1 })
    .returning({ id: novels.id });
  const [chapter] = await d
    .insert(chapters)
    .values({ novelId: novel!.id, idx: 1, title: '第一章', content: PARAGRAPHS.join('\n'), wordCount: 40, isFree: true, price: 0 })
    .returning({ id: chapters.id });
  const key = `chapters/${chapter!.id}/fallbacktest`;
  const voiceJob = async () => {
    const job = await ensureChapterAudio(key, voice(), PARAGRAPHS, 'now');
    await job!.done;
    return chapterAudioState(key);
  };
  jobEngine = () => engineFor(voice());
  try {
    standIn().behave({ failStatus: 503 });
    const state = await voiceJob();
    expect(state).toMatchObject({ complete: true, fallback: 5 });
    expect(state!.time_track).toHaveLength(PARAGRAPHS.length);
    expect(await d.select().from(ttsFallbackChapters)).toEqual([
      expect.objectContaining({ key, chapterId: chapter!.id, engine: 'openai', fallbacks: 5, paragraphs: 5 }),
    ]);
    // Staff voice it again (its audio removed) with the engine back: in full, off the list.
    standIn().behave();
    resetEngineCooldowns();
    await audioStorage().remove(key);
    const again = await voiceJob();
    expect(again).toMatchObject({ complete: true });
    expect(again!.fallback).toBeUndefined();
    expect(await d.select().from(ttsFallbackChapters)).toEqual([]);
  } finally {
    jobEngine = null;
  }
});

it('eSpeak voices are never wrapped (no budget, no figures), nor is a voice whose engine is not configured', async () => {
  const espeak = engineFor(voiceByKey('espeak-ng:cmn')!);
  expect(chapterFallbacks(espeak)).toBe(0);
  expect(espeak.id).toBe('espeak-ng');
  expect(engineFor({ ...voice(), key: 'gone:x', engine: 'gone' }).id).toBe('espeak-ng');
  expect(await usage()).toBeUndefined();
});
