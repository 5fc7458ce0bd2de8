// The first-audio run of bench/tts-first-audio.mjs (docs/speech-engines.md "Figures"): in one process, an in-memory
// database (the budget and health rows are written as on a server), the TTS stand-in answering each paragraph in
// DELAY_MS, and chapters never voiced rendered through engineFor(voice) → renderChapterAudio, the path a job takes.
// Prints one JSON line: the time from the start of each chapter to its first finished segment, for the HTTP voice
// and, in the same run, for eSpeak.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTtsStandIn } from '../../scripts/lib/tts-stand-in.mjs';

const CHAPTERS = Number(process.argv[2] ?? 12);
const DELAY_MS = Number(process.argv[3] ?? 300);

const standIn = await startTtsStandIn();
Object.assign(process.env, standIn.env, { LOG_LEVEL: 'error', TTS_OPENAI_DAILY_CHARS: '100000000' });

const { createPgliteHandle, setDbHandle } = await import('../../lib/server/db/client');
const { runMigrations } = await import('../../lib/server/db/migrate');
const { engineFor, chapterFallbacks } = await import('../../lib/server/audio/engines');
const { voiceByKey } = await import('../../lib/tts/registry');
const { renderChapterAudio } = await import('../../lib/tts/render-chapter');
const { closeEspeakEngine, espeakEngine } = await import('../../lib/tts/espeak-engine');

const db = createPgliteHandle();
await runMigrations(db);
setDbHandle(db);

// Paragraphs as a web novel has them: narration of one to three sentences, and short lines of dialogue.
const SENTENCES = [
  '林夜站在山门前，望着远处连绵的群山，心中百感交集。',
  '三年前，他还是一个被人看不起的少年。',
  '“你终于回来了。”师姐轻声说道。',
  '山风吹过，松涛阵阵，像是在迎接一位久别的故人。',
  '他深吸一口气，迈步走上了那条熟悉的石阶。',
  '“走吧。”',
  '石阶尽头，宗门大殿的飞檐在夕阳下闪着金光，几只白鹤从殿前掠过。',
  '没有人知道，这三年里他经历了什么。',
];
function chapter(seed: number): string[] {
  const paragraphs: string[] = [];
  for (let p = 0; p < 12; p++) {
    const n = 1 + ((seed + p) % 3);
    let text = '';
    for (let s = 0; s < n; s++) text += SENTENCES[(seed * 7 + p * 3 + s) % SENTENCES.length];
    // A chapter never voiced: its text is its own (the stand-in caches by text, so each is synthesized once, below).
    paragraphs.push(`第${seed}章第${p + 1}段。${text}`);
  }
  return paragraphs;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-first-audio-'));
let run = 0;
async function firstAudio(
  engine: import('../../lib/tts/engine').SpeechEngine,
  voice: import('../../lib/tts/engine').Voice,
  paragraphs: string[],
) {
  const out = path.join(dir, `c${++run}`);
  fs.mkdirSync(out);
  const t0 = performance.now();
  let first = 0;
  const rendered = await renderChapterAudio({
    engine,
    voice,
    paragraphs,
    dir: out,
    priority: () => (first ? 'now' : 'first'),
    onSegment: async () => {
      first ||= performance.now() - t0;
    },
  });
  return { first, total: performance.now() - t0, audio: rendered.duration };
}

const voice = voiceByKey('openai:alloy')!;
const chapters = Array.from({ length: CHAPTERS }, (_, i) => chapter(i + 1));
// The stand-in makes each answer ahead (eSpeak + ffmpeg), so during the run it answers in exactly DELAY_MS.
for (const ch of chapters)
  for (const p of ch)
    await fetch(`${standIn.base}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.env.TTS_OPENAI_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: p, voice: 'alloy', response_format: 'wav', speed: 1 }),
    }).then((r) => r.arrayBuffer());
// Warm: eSpeak's worker, ffmpeg's first start, the database's first statements (a server's start-up, not a chapter's).
await firstAudio(espeakEngine(), espeakEngine().voiceFor(1)!, ['预热。']);
standIn.behave({ delayMs: DELAY_MS });

const http: { first: number; total: number; audio: number }[] = [];
let fallbacks = 0;
for (const ch of chapters) {
  const engine = engineFor(voice);
  http.push(await firstAudio(engine, voice, ch));
  fallbacks += chapterFallbacks(engine);
}
const requests = standIn.syntheses().length;
const espeak: { first: number; total: number; audio: number }[] = [];
for (const [i, ch] of chapters.entries())
  espeak.push(
    await firstAudio(
      espeakEngine(),
      espeakEngine().voiceFor(1)!,
      ch.map((p) => `${p}${i}`),
    ),
  );

console.log(JSON.stringify({ delay_ms: DELAY_MS, chapters: CHAPTERS, paragraphs_per_chapter: 12, requests, fallbacks, http, espeak }));
await standIn.close();
await closeEspeakEngine();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
