// The chapter seam without a server (docs/listening.md "Chapter seams"): the first four chapters of the demo
// novel 1 voiced by the pipeline itself (lib/tts/render-chapter.ts, eSpeak NG → ffmpeg), each decoded by ffmpeg,
// and the seams 1→2 and 3→4 measured as bench/audio-stream.mjs measures them through the server. Quicker and
// independent of the machine's load (nothing here is timed), so a change to the audio's layout can be judged
// before a build. Not a timed test: prints figures and verdicts, writes bench/results/chapter-seam.json.
// Run: node --conditions=react-server --import tsx bench/chapter-seam.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { resolveFfmpeg } from '../lib/tts/ffmpeg-path.mjs';
import { planCatalog, planChapters } from '../lib/server/boot/seed/catalog-plan.ts';
import { splitParagraphs } from '../lib/shared/paragraphs.ts';
import { closeEspeakEngine, espeakEngine } from '../lib/tts/espeak-engine.ts';
import { CHAPTER_EDGES_LAYOUT, renderChapterAudio } from '../lib/tts/render-chapter.ts';
import { SAMPLE_RATE, seam } from './lib/seam.mjs';
import { machine, writeResult } from './lib/util.mjs';

const plan = planCatalog();
const novel = plan.novels[0];
const chapters = planChapters(novel, plan.casts.get(novel.id), 1).slice(0, 4);
const engine = espeakEngine();
const voice = engine.voiceFor(novel.languageType);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-bench-seam-'));
const report = { bench: 'chapter-seam', at: new Date().toISOString(), machine: machine(), layout: CHAPTER_EDGES_LAYOUT };
try {
  const decoded = [];
  for (const [i, c] of chapters.entries()) {
    const dir = path.join(scratch, String(i));
    fs.mkdirSync(dir);
    const rendered = await renderChapterAudio({
      engine,
      voice,
      paragraphs: splitParagraphs(c.content),
      dir,
      priority: () => 'now',
      onSegment: async () => undefined,
    });
    const joined = Buffer.concat(rendered.segments.map((s) => fs.readFileSync(s.file)));
    const raw = execFileSync(
      resolveFfmpeg(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'mpegts',
        '-i',
        'pipe:0',
        '-f',
        's16le',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        'pipe:1',
      ],
      {
        input: joined,
        maxBuffer: 1 << 28,
      },
    );
    decoded.push({ pcm: new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length)), timeline: rendered.duration });
  }
  report.chapter_boundary = {
    target: '< 50 ms of unintended silence at the seam of the decoded stream',
    seams: [0, 2].map((i) => ({
      chapters: [i + 1, i + 2],
      ...seam(decoded[i].pcm, decoded[i + 1].pcm),
      timeline_minus_decoded_ms: +((decoded[i].timeline - decoded[i].pcm.length / SAMPLE_RATE) * 1000).toFixed(1),
    })),
  };
  report.chapter_boundary.pass = report.chapter_boundary.seams.every((s) => s.unintended_ms < 50);
} finally {
  await closeEspeakEngine();
  fs.rmSync(scratch, { recursive: true, force: true });
}
const file = writeResult('chapter-seam', report);
console.log(JSON.stringify(report, null, 2));
console.log(`written to ${file}`);
