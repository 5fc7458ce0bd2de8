// The silence at a chapter seam on decoded audio (docs/listening.md "Chapter seams"), shared by the benches that
// measure it: each chapter decoded on its own and joined sample to sample, as a player joins them at a
// discontinuity.
import { percentile } from './util.mjs';

export const SAMPLE_RATE = 22_050;
const PAUSE_S = 0.5;
const FRAME = Math.round(SAMPLE_RATE * 0.005);
const round = (n, d = 1) => +n.toFixed(d);

function loudFrames(pcm) {
  const out = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    let peak = 0;
    for (let j = i; j < Math.min(pcm.length, i + FRAME); j++) peak = Math.max(peak, Math.abs(pcm[j]));
    out.push(peak > 1000);
  }
  return out;
}

/** Silent runs (seconds) between loud frames, inside the audio. */
function silentRuns(loud) {
  const runs = [];
  let start = -1;
  let heard = false;
  loud.forEach((l, i) => {
    if (l) {
      if (heard && start >= 0) runs.push(((i - start) * FRAME) / SAMPLE_RATE);
      heard = true;
      start = -1;
    } else if (start < 0) start = i;
  });
  return runs;
}

/**
 * The seam between decoded chapters `a` and `b` (16-bit mono PCM at 22,050 Hz). Unintended = the seam's silence
 * minus the engine's own silence at a paragraph seam of `a` (the median, the 0.5 s pause taken out).
 */
export function seam(a, b) {
  const la = loudFrames(a);
  const lb = loudFrames(b);
  const tail = ((la.length - 1 - la.lastIndexOf(true)) * FRAME) / SAMPLE_RATE;
  const head = (lb.indexOf(true) * FRAME) / SAMPLE_RATE;
  const paragraphSeams = silentRuns(la).filter((r) => r >= PAUSE_S * 0.9);
  const engineSeam = Math.max(0, (percentile(paragraphSeams, 50) ?? 0) - PAUSE_S);
  return {
    boundary_silence_ms: round((tail + head) * 1000),
    end_silence_ms: round(tail * 1000),
    start_silence_ms: round(head * 1000),
    engine_paragraph_seam_ms: round(engineSeam * 1000),
    unintended_ms: round((tail + head - engineSeam) * 1000),
  };
}
