// Synthesis + encoding speed of the audio pipeline on ONE core: bench/audio.mjs runs this under `taskset -c N`
// with TTS_WORKERS=1, so the eSpeak worker thread, the main thread and ffmpeg all share a single CPU. Reads the
// chapters' paragraphs from the JSON file named by argv[2]; prints one JSON line of figures.
//   rtf            whole pipeline (eSpeak worker → PCM pipe → ffmpeg AAC + segmenter), audio seconds / wall seconds
//   synth_rtf      eSpeak alone (PCM discarded), to show what bounds the whole
//   encode_rtf     ffmpeg alone on the same PCM fed from memory
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeEspeakEngine, espeakEngine } from '../../lib/tts/espeak-engine';
import { renderChapterAudio } from '../../lib/tts/render-chapter';
import { startHlsEncoder } from '../../lib/tts/hls-encoder';

const chapters = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { language_type: number; paragraphs: string[] }[];
const engine = espeakEngine();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-rtf-'));
const now = () => performance.now();

// Warm the worker (module load and voice data are a one-off cost of a server's start, not of a chapter).
await renderChapterAudio({
  engine,
  voice: engine.voiceFor(1)!,
  paragraphs: ['预热。'],
  dir,
  priority: () => 'now',
  onSegment: async () => undefined,
});

let audio = 0;
let wall = 0;
for (const [i, ch] of chapters.entries()) {
  const out = path.join(dir, `c${i}`);
  fs.mkdirSync(out);
  const t = now();
  const r = await renderChapterAudio({
    engine,
    voice: engine.voiceFor(ch.language_type)!,
    paragraphs: ch.paragraphs,
    dir: out,
    priority: () => 'now',
    onSegment: async () => undefined,
  });
  wall += now() - t;
  audio += r.duration;
}

let synthSamples = 0;
let synthWall = 0;
const pcm: Int16Array[] = [];
for (const ch of chapters) {
  const t = now();
  for (const p of ch.paragraphs)
    synthSamples += await engine.synthesize(p, engine.voiceFor(ch.language_type)!, { priority: 'now', onPcm: (s) => pcm.push(s) });
  synthWall += now() - t;
}

const encodeDir = path.join(dir, 'encode');
fs.mkdirSync(encodeDir);
const t = now();
const encoder = startHlsEncoder({ dir: encodeDir, sampleRate: engine.sampleRate, onSegment: async () => undefined });
for (const chunk of pcm) await encoder.write(chunk);
await encoder.finish();
const encodeWall = now() - t;

await closeEspeakEngine();
fs.rmSync(dir, { recursive: true, force: true });
const synthSeconds = synthSamples / engine.sampleRate;
console.log(
  JSON.stringify({
    chapters: chapters.length,
    audio_seconds: +audio.toFixed(1),
    wall_ms: Math.round(wall),
    rtf: +(audio / (wall / 1000)).toFixed(1),
    synth_rtf: +(synthSeconds / (synthWall / 1000)).toFixed(1),
    encode_rtf: +(synthSeconds / (encodeWall / 1000)).toFixed(1),
  }),
);
