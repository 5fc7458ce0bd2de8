import 'server-only';
import type { SpeechEngine, SynthesisPriority, Voice } from './engine';
import { beyondWholeFrames, fadedTail, joinPcm, lastLoudIndex, toWholeFrames, trimTrailingQuiet } from './chapter-edges';
import { ENCODER_DELAY_SAMPLES, startHlsEncoder, type EncodedSegment } from './hls-encoder';

/** Silence between paragraphs: a breath for the listener, and a clean edge where the highlight moves on. */
export const PARAGRAPH_PAUSE_SECONDS = 0.5;

/**
 * How the chapter's edges are laid out; part of the audio's storage key, so audio made before a change is made
 * anew when next asked for (docs/listening.md "Chapter seams"). 2: the last paragraph ends on its last audible
 * sample and the chapter fills whole AAC frames.
 */
export const CHAPTER_EDGES_LAYOUT = 2;

export interface RenderedChapter {
  /** Each paragraph's start in the audio, in seconds (milliseconds precision); the first is 0. */
  timeTrack: number[];
  /** Seconds of audio, the sum of the segments' durations. */
  duration: number;
  segments: EncodedSegment[];
}

export interface RenderOptions {
  engine: SpeechEngine;
  voice: Voice;
  paragraphs: string[];
  /** Local directory the encoder writes its segments into. */
  dir: string;
  /** Asked before each paragraph: background work becomes urgent when a listener arrives. */
  priority: () => SynthesisPriority;
  /** Passed to the engine: among equally urgent chapters, the one that arrived first is served first. */
  order?: number;
  /**
   * Hears each finished segment in order, with the time track of the paragraphs that start within the audio
   * published so far; awaited before the next segment is reported.
   */
  onSegment: (segment: EncodedSegment, progress: { timeTrack: number[]; duration: number }) => Promise<void>;
}

/** Sample level (of 32,767) below which the start of a paragraph counts as silence (about -44 dBFS). */
const ONSET_LEVEL = 200;

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Synthesizes a chapter paragraph by paragraph into one ffmpeg, so its first segments exist while the rest is
 * still being spoken. PCM goes straight from the engine to the encoder (never a whole chapter in memory). The
 * time track comes from sample counts: a paragraph starts where its first audible sample lands, shifted by the
 * AAC encoder's priming delay, which every decoder plays before the first real sample.
 */
export async function renderChapterAudio(options: RenderOptions): Promise<RenderedChapter> {
  const { engine, voice, paragraphs } = options;
  const rate = engine.sampleRate;
  const timeTrack: number[] = [];
  const segments: EncodedSegment[] = [];
  let duration = 0;

  const encoder = startHlsEncoder({
    dir: options.dir,
    sampleRate: rate,
    onSegment: async (segment) => {
      segments.push(segment);
      duration += segment.duration;
      const published = timeTrack.filter((t) => t < duration);
      await options.onSegment(segment, { timeTrack: published, duration: round3(duration) });
    },
  });

  try {
    const pause = new Int16Array(Math.round(PARAGRAPH_PAUSE_SECONDS * rate));
    let samples = 0;
    let writes: Promise<void>[] = [];
    const feed = (pcm: Int16Array) => {
      samples += pcm.length;
      writes.push(encoder.write(pcm));
    };
    const startHere = (i: number) => timeTrack.push(i === 0 ? 0 : round3((samples + ENCODER_DELAY_SAMPLES) / rate));
    const last = paragraphs.length - 1;
    for (const [i, text] of paragraphs.entries()) {
      // The last paragraph (after a pause) is held until it is whole: the pause before it gives up the few samples
      // (< one AAC frame, 46 ms) that make the chapter whole frames, and its trailing silence is dropped. Only
      // the chapter's end waits for it, never its first segment.
      const closing = i === last && i > 0;
      // A one-paragraph chapter is fed as it is spoken (its first segment must not wait), holding back whatever
      // quiet follows the last loud sample so far; what is still held at the end is the trailing silence.
      const solo = last === 0;
      let quiet: Int16Array[] = [];
      if (i > 0 && !closing) feed(pause);
      let started = false;
      const held: Int16Array[] = [];
      const onPcm = (pcm: Int16Array) => {
        if (!started) {
          // The engine's own lead-in silence (after an opening quote or ellipsis, up to ~0.1 s) is dropped, so the
          // paragraph starts exactly where its speech does.
          const onset = pcm.findIndex((s) => s > ONSET_LEVEL || s < -ONSET_LEVEL);
          if (onset < 0) return;
          started = true;
          if (!closing) startHere(i);
          pcm = pcm.subarray(onset);
        }
        if (closing) held.push(pcm);
        else if (solo) {
          const cut = lastLoudIndex(pcm, ONSET_LEVEL) + 1;
          if (cut > 0) {
            quiet.forEach(feed);
            quiet = [];
            feed(pcm.subarray(0, cut));
          }
          if (cut < pcm.length) quiet.push(pcm.subarray(cut));
        } else feed(pcm);
      };
      await engine.synthesize(text, voice, { priority: options.priority(), order: options.order, onPcm });
      if (closing) {
        // A paragraph with nothing to say ("……") is a pause of its own, so it still has its moment in the audio.
        const speech = started ? trimTrailingQuiet(joinPcm(held), ONSET_LEVEL) : pause;
        feed(pause.subarray(0, pause.length - beyondWholeFrames(samples + pause.length + speech.length)));
        startHere(i);
        feed(speech);
      } else if (!started) {
        startHere(i);
        feed(pause);
      } else if (solo) feed(fadedTail(joinPcm(quiet)));
      // Backpressure once per paragraph: the encoder has taken this paragraph before the next is synthesized.
      await Promise.all(writes);
      writes = [];
    }
    // A chapter without text still gets a playable (silent) stream rather than an empty, unplayable one.
    if (!paragraphs.length) feed(pause);
    // A one-paragraph chapter was fed as it was spoken: its last frame is filled with silence instead (< 46 ms).
    const fill = toWholeFrames(samples);
    if (fill) feed(new Int16Array(fill));
    await Promise.all(writes);
    await encoder.finish();
  } catch (err) {
    encoder.kill();
    throw err;
  }
  return { timeTrack, duration: round3(duration), segments };
}
