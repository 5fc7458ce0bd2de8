// The console's speech engines and their health (docs/speech-engines.md "Budget and health"): each engine, configured
// or not (and why not), today's characters against the budget, failures, fallbacks, the real-time factor and the
// last error, from the cluster's rows in PostgreSQL; who may see them; the section on /admin/listening.
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from './db';
import { useTtsStandIn } from './tts-stand-in';
import { getDb } from '@/lib/server/db/client';
import { authors, categories, chapters, novels, ttsEngineDays, ttsFallbackChapters } from '@/lib/server/db/schema';
import { engineHealth, fallbackChapterList } from '@/lib/server/staff/engine-health';
import { businessDayOf } from '@/lib/shared/business-time';
import { closeEspeakEngine, espeakEngine } from '@/lib/tts/espeak-engine';
import ListeningPage from '@/app/admin/listening/page';

jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'e_editor', displayName: '编辑', role: 'editor' }),
);

process.env.LOG_LEVEL = 'silent';
useTestDatabase();
const { standIn, setEnv } = useTtsStandIn({ TTS_OPENAI_DAILY_CHARS: '100000', TTS_AZURE_VOICES: 'zh-CN-XiaoxiaoNeural|晓晓' });
afterAll(() => closeEspeakEngine());

const editor = { id: 0, role: 'editor' as const, ip: '' };
const DAY_MS = 86_400_000;

beforeAll(async () => {
  const today = businessDayOf(new Date());
  const yesterday = businessDayOf(Date.now() - DAY_MS);
  await getDb()
    .insert(ttsEngineDays)
    .values([
      { engine: 'openai', day: today, chars: 12_345, requests: 40, failures: 2, fallbacks: 5, audioMs: 200_000, synthMs: 50_000 },
      // Yesterday's error is still the last one the engine had.
      {
        engine: 'openai',
        day: yesterday,
        chars: 9,
        requests: 1,
        lastError: 'HTTP 503: overloaded',
        lastErrorAt: new Date(Date.now() - DAY_MS),
      },
      { engine: 'azure', day: yesterday, chars: 99, requests: 3 },
    ]);
  const d = getDb();
  const [author] = await d.insert(authors).values({ name: '墨香' }).returning({ id: authors.id });
  const [cat] = await d.insert(categories).values({ name: '玄幻', gender: 1 }).returning({ id: categories.id });
  const [novel] = await d
    .insert(novels)
    .values({ thumb: '', authorId: author!.id, categoryId: cat!.id, title: '后备之书', hasTts: true, languageType: 1 })
    .returning({ id: novels.id });
  const [chapter] = await d
    .insert(chapters)
    .values({ novelId: novel!.id, idx: 1, title: '第一章 归来', content: '一。', wordCount: 1, isFree: true, price: 0 })
    .returning({ id: chapters.id });
  chapterId = chapter!.id;
  await d
    .insert(ttsFallbackChapters)
    .values({ key: `chapters/${chapterId}/abc`, chapterId, engine: 'openai', fallbacks: 3, paragraphs: 7 });
});
let chapterId = 0;

it("lists every engine with today's figures, the budget, the real-time factor and the last error", async () => {
  const rows = await engineHealth(editor);
  expect(rows.map((r) => r.id)).toEqual(['espeak-ng', 'openai', 'azure']);
  expect(rows[0]).toMatchObject({
    configured: true,
    voices: espeakEngine().voices().length,
    budget: 0,
    chars: 0,
    rtf: null,
    lastError: null,
  });
  expect(rows[1]).toMatchObject({
    configured: true,
    voices: 2,
    budget: 100_000,
    chars: 12_345,
    requests: 40,
    failures: 2,
    fallbacks: 5,
    rtf: 0.25,
    lastError: { message: 'HTTP 503: overloaded', at: expect.any(Date) },
  });
  // Azure's only row is yesterday's: today it has used nothing.
  expect(rows[2]).toMatchObject({ configured: true, voices: 1, chars: 0, requests: 0, rtf: null });
});

it('shows an engine whose settings do not parse as not running, with the reason, and the rest still there', async () => {
  setEnv({ TTS_AZURE_ENDPOINT: undefined });
  try {
    const rows = await engineHealth(editor);
    expect(rows.map((r) => [r.id, r.configured])).toEqual([
      ['espeak-ng', true],
      ['openai', true],
      ['azure', false],
    ]);
    expect(rows[2]!.configError).toMatch(/TTS_AZURE_REGION/);
  } finally {
    setEnv({ TTS_AZURE_ENDPOINT: standIn().base });
  }
});

it('lists the chapters stored partly in eSpeak, with their novel', async () => {
  expect(await fallbackChapterList(editor)).toEqual([
    expect.objectContaining({
      chapterId,
      novelTitle: '后备之书',
      chapterTitle: '第一章 归来',
      engine: 'openai',
      fallbacks: 3,
      paragraphs: 7,
    }),
  ]);
});

it('is for staff who run listening only', async () => {
  for (const role of ['moderator', 'finance'] as const) {
    await expect(engineHealth({ id: 0, role, ip: '' })).rejects.toMatchObject({ message: expect.stringMatching(/无权/) });
    await expect(fallbackChapterList({ id: 0, role, ip: '' })).rejects.toMatchObject({ message: expect.stringMatching(/无权/) });
  }
  await expect(engineHealth({ id: 0, role: 'admin', ip: '' })).resolves.toHaveLength(3);
});

it('renders the 引擎 section on /admin/listening', async () => {
  const html = renderToStaticMarkup(await ListeningPage({ searchParams: Promise.resolve({}) }));
  expect(html).toContain('data-testid="engines"');
  expect(html).toContain('<h2>引擎</h2>');
  expect(html).toContain('OpenAI 兼容接口');
  expect(html).toContain('12,345 / 100,000');
  expect(html).toContain('0.250');
  expect(html).toContain('HTTP 503: overloaded');
  // The fallback chapter with its re-voice button.
  expect(html).toContain('data-testid="engine-fallbacks"');
  expect(html).toContain('第一章 归来');
  expect(html).toContain('3 / 7');
  expect(html).toContain(`name="chapter" value="${chapterId}"`);
});
