// Synthesis throughput and audio size per voice of every configured engine (bench/tts-engines.mjs runs this under
// `taskset` on the bench's cores). Reads the texts from bench/data/tts-text.json; prints one JSON line.
// For each voice: every paragraph submitted at once (the engine's pool decides how many run together, as in the
// server), wall time against audio time, then the PCM encoded with the chapters' HLS encoder to size an hour.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { speechEngines } from '../../lib/tts/registry';
import { startHlsEncoder, AAC_BITRATE } from '../../lib/tts/hls-encoder';
import { closeEspeakEngine } from '../../lib/tts/espeak-engine';
import { closeSherpaEngine } from '../../lib/tts/sherpa/sherpa-engine';
import type { SpeechEngine, VoiceProfile } from '../../lib/tts/engine';

const texts = JSON.parse(fs.readFileSync('bench/data/tts-text.json', 'utf8')) as { zh: string[]; ug: string[] };
const only = process.env.BENCH_TTS_VOICES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-tts-bench-'));
const now = () => performance.now();
const REPEAT = Math.max(1, Number(process.env.BENCH_TTS_REPEAT ?? 3) || 3);
const round = (n: number, d = 3) => +n.toFixed(d);

async function measure(engine: SpeechEngine, voice: VoiceProfile) {
  const paragraphs = voice.languageType === 0 ? texts.ug : texts.zh;
  // Warm: the engine's workers load (eSpeak's data, a neural model) once per server, not per chapter.
  engine.warm();
  await engine.synthesize(paragraphs[0]!, voice, { priority: 'now', onPcm: () => undefined });
  // The median of REPEAT runs: a shared machine's other work lands on some of them.
  const runs = [];
  let parts: Int16Array[][] = [];
  let audio = 0;
  for (let r = 0; r < REPEAT; r++) {
    parts = paragraphs.map(() => []);
    const cpu0 = process.cpuUsage();
    const t0 = now();
    const samples = await Promise.all(
      paragraphs.map((p, i) => engine.synthesize(p, voice, { priority: 'now', onPcm: (pcm) => parts[i]!.push(pcm) })),
    );
    const cpu = process.cpuUsage(cpu0);
    runs.push({ wall: (now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 });
    audio = samples.reduce((a, b) => a + b, 0) / engine.sampleRate;
  }
  runs.sort((a, b) => a.wall - b.wall);
  const { wall, cpu } = runs[Math.floor(runs.length / 2)]!;

  const out = fs.mkdtempSync(path.join(dir, 'enc-'));
  let bytes = 0;
  const encoder = startHlsEncoder({
    dir: out,
    sampleRate: engine.sampleRate,
    onSegment: async (s) => {
      bytes += fs.statSync(s.file).size;
    },
  });
  for (const chunk of parts.flat()) await encoder.write(chunk);
  await encoder.finish();
  fs.rmSync(out, { recursive: true, force: true });
  return {
    key: voice.key,
    engine: `${engine.id}@${engine.version}`,
    sample_rate: engine.sampleRate,
    paragraphs: paragraphs.length,
    characters: paragraphs.join('').length,
    audio_seconds: round(audio, 2),
    wall_seconds: round(wall),
    rtf: round(wall / audio, 4),
    x_realtime: round(audio / wall, 1),
    // This process's CPU (eSpeak's worker threads are in it; sherpa-onnx's processes are not).
    process_cpu_seconds: round(cpu),
    runs: REPEAT,
    rtf_range: [round(runs[0]!.wall / audio, 4), round(runs.at(-1)!.wall / audio, 4)],
    hls_bytes: bytes,
    bytes_per_voiced_hour: Math.round((bytes / audio) * 3600),
    mb_per_voiced_hour: round(((bytes / audio) * 3600) / 1e6, 1),
  };
}

// Every voice speaks once before any is measured: the first voice measured would otherwise pay for the process's
// own warming (JIT, page cache, the worker's first run) and look slower than the rest.
for (const engine of speechEngines())
  for (const voice of engine.voices())
    if (!only || only.includes(voice.key))
      await engine.synthesize(voice.languageType === 0 ? texts.ug[0]! : texts.zh[0]!, voice, { priority: 'now', onPcm: () => undefined });

const results = [];
for (const engine of speechEngines()) {
  for (const voice of engine.voices()) {
    if (only && !only.includes(voice.key)) continue;
    results.push(await measure(engine, voice));
  }
}
await closeEspeakEngine();
await closeSherpaEngine();
fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ aac_bitrate: AAC_BITRATE, voices: results }));
