// First audio of a chapter never voiced, in a voice of an HTTP engine (docs/speech-engines.md "Figures"): the local
// stand-in answers each paragraph in 300 ms (BENCH_TTS_DELAY_MS), chapters go through engineFor(voice) (budget row,
// health figures, fallback wrapper) and renderChapterAudio (ffmpeg AAC + segmenter), the path every job takes. The
// time is from the chapter's start to its first finished segment (what a player needs to start); target p50 ≤ 1.0 s.
// eSpeak's figure for the same chapters is taken in the same run. The machine's load is recorded, and a fixed piece
// of CPU work timed before the run (cpu_probe_ms) says how fast the CPU was at that moment.
// Not a timed test: it prints figures and verdicts and writes bench/results/tts-first-audio.json.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { busyWarning, machine, percentile, writeResult } from './lib/util.mjs';

const CHAPTERS = Math.max(3, Number(process.env.BENCH_TTS_CHAPTERS ?? 12) || 12);
const DELAY_MS = Number(process.env.BENCH_TTS_DELAY_MS ?? 300);
const round = (n, d = 1) => +n.toFixed(d);

/** Milliseconds for a fixed amount of hashing: a rough, comparable CPU figure for the moment of the run. */
function cpuProbe() {
  const block = Buffer.alloc(1 << 20, 7);
  const t = performance.now();
  for (let i = 0; i < 64; i++) crypto.createHash('sha256').update(block).digest();
  return round(performance.now() - t);
}

const warning = busyWarning();
if (warning) console.warn(warning);
const before = machine();
const probe = cpuProbe();
const run = spawnSync(
  process.execPath,
  ['--conditions=react-server', '--import', 'tsx', 'bench/lib/tts-first-audio-run.mts', String(CHAPTERS), String(DELAY_MS)],
  {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  },
);
if (run.status !== 0) throw new Error(`bench: the run failed: ${run.stderr.slice(-2000)}`);
const out = JSON.parse(run.stdout.trim().split('\n').at(-1));
const stats = (rows, field) => {
  const xs = rows.map((r) => r[field]);
  return { n: xs.length, p50_ms: round(percentile(xs, 50)), p90_ms: round(percentile(xs, 90)), max_ms: round(Math.max(...xs)) };
};
const audio = out.http.reduce((s, r) => s + r.audio, 0);
const wall = out.http.reduce((s, r) => s + r.total, 0) / 1000;
const report = {
  at: new Date().toISOString(),
  machine: { ...before, cpu_probe_ms: probe, load_avg_1m_after: machine().load_avg_1m },
  delay_ms_per_paragraph: out.delay_ms,
  chapters: out.chapters,
  paragraphs_per_chapter: out.paragraphs_per_chapter,
  requests: out.requests,
  fallbacks: out.fallbacks,
  http_first_audio: { target: 'p50 ≤ 1000 ms', ...stats(out.http, 'first') },
  http_whole_chapter: {
    ...stats(out.http, 'total'),
    audio_s_per_chapter: round(audio / out.http.length),
    rtf_wall: round(audio / wall, 2),
  },
  espeak_first_audio: stats(out.espeak, 'first'),
  espeak_whole_chapter: stats(out.espeak, 'total'),
};
report.http_first_audio.pass = report.http_first_audio.p50_ms <= 1000;
const file = writeResult('tts-first-audio', report);
console.log(JSON.stringify(report, null, 2));
console.log(`written to ${file}`);
