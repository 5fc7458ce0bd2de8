// One warm eSpeak NG instance in a worker thread (loaded once, then reused for every paragraph). Plain ESM on
// purpose: the server loads this file by its path in the project, outside any bundle, and Node resolves the
// package from the project's node_modules.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';

// On Linux this lowers only this thread: page serving on the main thread wins the CPU when both want it.
try {
  os.setPriority(workerData?.nice ?? 0);
} catch {
  // Not permitted here (or not Linux): run at the process's priority.
}

// Chunks are batched to about 64 KB before crossing to the main thread: fewer messages, still streaming.
const BATCH_SAMPLES = 32 * 1024;

const espeak = new (await initEspeak()).eSpeakNGWorker();
let currentVoice = '';

parentPort.on('message', ({ id, text, voice }) => {
  try {
    if (voice !== currentVoice) {
      if (espeak.set_voice(voice) !== 0) throw new Error(`eSpeak has no voice ${voice}`);
      currentVoice = voice;
    }
    let batch = [];
    let batched = 0;
    const flush = () => {
      if (!batched) return;
      const pcm = new Int16Array(batched);
      let offset = 0;
      for (const part of batch) {
        pcm.set(part, offset);
        offset += part.length;
      }
      parentPort.postMessage({ id, type: 'pcm', pcm }, [pcm.buffer]);
      batch = [];
      batched = 0;
    };
    espeak.synthesize(text, (samples) => {
      batch.push(samples);
      batched += samples.length;
      if (batched >= BATCH_SAMPLES) flush();
      return false; // true would stop the synthesis
    });
    flush();
    parentPort.postMessage({ id, type: 'done' });
  } catch (err) {
    parentPort.postMessage({ id, type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});

parentPort.postMessage({ type: 'ready', sampleRate: espeak.get_samplerate() });
