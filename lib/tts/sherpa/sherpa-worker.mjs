// One sherpa-onnx model, loaded once in a process of its own (lib/tts/process-worker.ts says why not a thread),
// then reused for every paragraph. Plain ESM on purpose, like lib/tts/espeak-worker.mjs: the server starts this
// file by its path in the project, outside any bundle. The first message is the configuration; then one message
// per paragraph: { id, text, sid, speed } -> 'pcm' chunks (16-bit) and 'done', or 'error'.
import os from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Chunks of about 64 KB, as eSpeak's worker sends them.
const BATCH_SAMPLES = 32 * 1024;

const send = (message) => process.send?.(message);
// The parent gone (server stopped or crashed): nothing is left to synthesize for.
process.on('disconnect', () => process.exit(0));

let tts = null;
const SPEAKABLE = /[\p{L}\p{N}]/u;

function toPcm(samples, from, to) {
  const pcm = new Int16Array(to - from);
  for (let i = from; i < to; i++) {
    const s = samples[i];
    pcm[i - from] = s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767);
  }
  return pcm;
}

process.on('message', (message) => {
  if (message?.type === 'init') {
    try {
      os.setPriority(message.workerData?.nice ?? 0);
    } catch {
      // Not permitted here (or not Linux): run at the process's priority.
    }
    const { OfflineTts } = require('sherpa-onnx-node');
    // A model it cannot load aborts this process here; the pool sees the exit before 'ready' and stops using it.
    tts = new OfflineTts(message.workerData.tts);
    send({ type: 'ready', sampleRate: tts.sampleRate });
    return;
  }
  const { id, text, sid, speed } = message;
  // sherpa-onnx crashes this process (a segmentation fault, not an exception) on text it turns into no tokens at
  // all; a paragraph of punctuation alone ('……', '——') is common in novels and is silence anyway.
  if (!SPEAKABLE.test(text)) {
    send({ id, type: 'done' });
    return;
  }
  try {
    const audio = tts.generate({ text, sid, speed: speed ?? 1, enableExternalBuffer: false });
    const samples = audio.samples;
    for (let from = 0; from < samples.length; from += BATCH_SAMPLES) {
      send({ id, type: 'pcm', pcm: toPcm(samples, from, Math.min(samples.length, from + BATCH_SAMPLES)) });
    }
    send({ id, type: 'done' });
  } catch (err) {
    send({ id, type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
