// Speech engines side by side (docs/speech-engines-local.md "Figures"): for every voice of every configured
// engine — eSpeak NG and its variants always, sherpa-onnx when TTS_SHERPA_MODEL_DIR names a model, an HTTP engine
// when its settings are in the environment — the synthesis real-time factor on this machine's cores (synthesis
// seconds per audio second, and its inverse ×realtime) over a fixed text (bench/data/tts-text.json), and the audio
// bytes per voiced hour once encoded as the chapters are (lib/tts/hls-encoder.ts). The machine's load and a CPU
// index are recorded beside them, so runs on different or busier machines can be told apart.
// Not a timed test: it prints the figures and writes bench/results/tts-engines.json.
//   BENCH_TTS_CPUS   the cores to run on (taskset list, default "0-1": 2 cores)
//   BENCH_TTS_VOICES only these voice keys, comma separated
//   BENCH_TTS_REPEAT runs per voice, the median reported (default 3)
import crypto from 'node:crypto';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { busyWarning, machine, writeResult } from './lib/util.mjs';

const CPUS = process.env.BENCH_TTS_CPUS ?? (os.cpus().length > 1 ? '0-1' : '0');

/**
 * A CPU index: MB/s of SHA-256 over 64 KB blocks on one core, for ~1 s. It moves with the machine's speed and with
 * other work on it, and does not depend on any engine.
 */
function cpuIndex() {
  const block = crypto.randomBytes(64 * 1024);
  const t0 = performance.now();
  let bytes = 0;
  while (performance.now() - t0 < 1000) {
    crypto.createHash('sha256').update(block).digest();
    bytes += block.length;
  }
  return +(bytes / 1e6 / ((performance.now() - t0) / 1000)).toFixed(1);
}

const warning = busyWarning();
if (warning) console.warn(warning);
const before = { ...machine(), load_avg: os.loadavg().map((l) => +l.toFixed(2)), cpu_index_sha256_mb_s: cpuIndex() };
const run = spawnSync(
  'taskset',
  ['-c', CPUS, process.execPath, '--conditions=react-server', '--import', 'tsx', 'bench/lib/tts-engines-run.mts'],
  { env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
);
if (run.status !== 0) {
  console.error(`bench: the engine run failed: ${(run.stderr || run.error?.message || '').slice(-2000)}`);
  process.exit(1);
}
const figures = JSON.parse(run.stdout.trim().split('\n').at(-1));
const report = {
  at: new Date().toISOString(),
  cpus_used: CPUS,
  machine: before,
  load_avg_after: os.loadavg().map((l) => +l.toFixed(2)),
  ...(warning ? { warning } : {}),
  ...figures,
};
const file = writeResult('tts-engines', report);
console.log(JSON.stringify(report, null, 2));
for (const v of figures.voices)
  console.log(
    `${v.key.padEnd(40)} RTF ${String(v.rtf).padStart(7)}  ×${String(v.x_realtime).padStart(6)} realtime  ${v.mb_per_voiced_hour} MB/voiced hour`,
  );
console.log(`written to ${file}`);
