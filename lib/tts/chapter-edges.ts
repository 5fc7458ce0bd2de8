import 'server-only';
/**
 * How a chapter's audio ends, so that chapters join with no more silence than the encoder forces
 * (docs/listening.md "Chapter seams"). An AAC stream in MPEG-TS always starts with one frame of priming that
 * decoders play as silence (no edit list can drop it), and always ends on a whole frame, the missing samples
 * played as silence too. What we can control: the chapter's last paragraph ends on its last audible sample
 * (the engine's trailing silence is dropped) and the chapter holds a whole number of frames, so the last frame
 * carries no padding.
 */

/** Samples per AAC-LC frame: the encoder's unit, and the length of its priming. */
export const AAC_FRAME_SAMPLES = 1024;

/** Samples kept after the last audible one and faded to zero, so the cut never clicks (2 ms at 22,050 Hz). */
export const TAIL_FADE_SAMPLES = 44;

/** The index of the last sample louder than `level`, or -1. */
export function lastLoudIndex(pcm: Int16Array, level: number): number {
  let last = pcm.length - 1;
  while (last >= 0 && pcm[last]! <= level && pcm[last]! >= -level) last--;
  return last;
}

/** The first few samples of a quiet tail, faded to zero (a copy). */
export function fadedTail(quiet: Int16Array): Int16Array {
  const out = quiet.slice(0, TAIL_FADE_SAMPLES);
  for (let i = 0; i < out.length; i++) out[i] = Math.round((out[i]! * (TAIL_FADE_SAMPLES - i)) / (TAIL_FADE_SAMPLES + 1));
  return out;
}

/**
 * The PCM up to its last sample louder than `level`, plus a short fade to zero; an empty array when nothing in it
 * is louder than `level`.
 */
export function trimTrailingQuiet(pcm: Int16Array, level: number): Int16Array {
  const last = lastLoudIndex(pcm, level);
  if (last < 0) return new Int16Array(0);
  return joinPcm([pcm.subarray(0, last + 1), fadedTail(pcm.subarray(last + 1))]);
}

/** How many samples past a whole number of frames `total` samples are (what a pause may give up to align). */
export function beyondWholeFrames(total: number): number {
  return total % AAC_FRAME_SAMPLES;
}

/** The silence to add after `total` samples to fill the last frame (0 when it is already whole). */
export function toWholeFrames(total: number): number {
  return (AAC_FRAME_SAMPLES - beyondWholeFrames(total)) % AAC_FRAME_SAMPLES;
}

/** Several PCM chunks as one array. */
export function joinPcm(chunks: Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
