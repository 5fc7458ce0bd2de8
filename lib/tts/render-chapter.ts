import 'server-only';
import type { SpeechEngine, SynthesisPriority, Voice } from './engine';
import { ENCODER_DELAY_SAMPLES, startHlsEncoder, type EncodedSegment } from './hls-encoder';

/** Silence between paragraphs: a breath for the listener, and a clean edge where the highlight moves on. */
export const PARAGRAPH_PAUSE_SECONDS = 0.5;

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
    for (const [i, text] of paragraphs.entries()) {
      if (i > 0) feed(pause);
      let started = false;
      const onPcm = (pcm: Int16Array) => {
        if (!started) {
          // The engine's own lead-in silence (after an opening quote or ellipsis, up to ~0.1 s) is dropped, so the
          // paragraph starts exactly where its speech does.
          const onset = pcm.findIndex((s) => s > ONSET_LEVEL || s < -ONSET_LEVEL);
          if (onset < 0) return;
          started = true;
          startHere(i);
          pcm = pcm.subarray(onset);
        }
        feed(pcm);
      };
      await engine.synthesize(text, voice, { priority: options.priority(), order: options.order, onPcm });
      if (!started) {
        // A paragraph with nothing to say ("……") is a pause of its own, so it still has its moment in the audio.
        startHere(i);
        feed(pause);
      }
      // Backpressure once per paragraph: the encoder has taken this paragraph before the next is synthesized.
      await Promise.all(writes);
      writes = [];
    }
    // A chapter without text still gets a playable (silent) stream rather than an empty, unplayable one.
    if (!paragraphs.length) feed(pause);
    await Promise.all(writes);
    await encoder.finish();
  } catch (err) {
    encoder.kill();
    throw err;
  }
  return { timeTrack, duration: round3(duration), segments };
}
