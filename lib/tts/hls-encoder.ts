import 'server-only';
import path from 'node:path';
import { pcmInput, runFfmpeg } from './ffmpeg';

/** AAC-LC mono at this bitrate: clear speech at eSpeak's 22 kHz, about 24 KB per 6 s segment. */
export const AAC_BITRATE = '32k';
/** Target segment length; ffmpeg cuts at the first AAC frame past each multiple, so segments stay under 6.05 s. */
export const SEGMENT_SECONDS = 6;
/** AAC encoders emit one frame of priming samples first: the decoded audio is late by this many samples. */
export const ENCODER_DELAY_SAMPLES = 1024;

export interface EncodedSegment {
  /** 0, 1, 2… in playback order. */
  index: number;
  /** The finished MPEG-TS file on local disk. */
  file: string;
  /** Seconds of audio in the segment (its EXTINF). */
  duration: number;
}

export interface HlsEncoder {
  /** Feeds PCM; resolves when ffmpeg has taken it (backpressure), so PCM never piles up in memory. */
  write(samples: Int16Array): Promise<void>;
  /** No more PCM: resolves once the last segment is reported and ffmpeg has exited cleanly. */
  finish(): Promise<void>;
  /** Stops ffmpeg at once (the job failed or was abandoned). */
  kill(): void;
}

/**
 * One ffmpeg per chapter, fed 16-bit mono PCM on stdin while the text is synthesized, writing MPEG-TS segments
 * with AAC-LC audio into `dir`. The segment muxer prints a CSV line on stdout each time a segment is complete;
 * `onSegment` hears about each one in order (awaited, so the caller can publish it before the next).
 */
export function startHlsEncoder(options: {
  dir: string;
  sampleRate: number;
  onSegment: (segment: EncodedSegment) => Promise<void>;
}): HlsEncoder {
  const { child, exited } = runFfmpeg([
    ...pcmInput(options.sampleRate),
    '-c:a',
    'aac',
    '-profile:a',
    'aac_low',
    '-b:a',
    AAC_BITRATE,
    '-f',
    'segment',
    '-segment_time',
    String(SEGMENT_SECONDS),
    '-segment_format',
    'mpegts',
    '-segment_list',
    'pipe:1',
    '-segment_list_type',
    'csv',
    path.join(options.dir, '%d.ts'),
  ]);

  let failure: Error | null = null;
  let draining: Promise<void> | null = null;
  let published = Promise.resolve();
  let pending = '';
  child.stdout.on('data', (d: Buffer) => {
    pending += d.toString();
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      const [name, start, end] = line.split(',');
      const index = Number.parseInt(name ?? '', 10);
      if (!Number.isInteger(index) || !end) continue;
      const segment = { index, file: path.join(options.dir, name!), duration: Number(end) - Number(start) };
      published = published
        .then(() => (failure ? undefined : options.onSegment(segment)))
        .catch((err: unknown) => {
          failure ??= err instanceof Error ? err : new Error(String(err));
          child.kill('SIGKILL');
        });
    }
  });

  return {
    write(samples) {
      if (failure) return Promise.reject(failure);
      const chunk = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
      if (child.stdin.write(chunk) && !draining) return Promise.resolve();
      // Every write while the pipe is full waits for the same 'drain'; if ffmpeg dies with our data unread, 'drain'
      // never comes and its exit ends the wait instead.
      draining ??= Promise.race([
        new Promise<void>((resolve) => child.stdin.once('drain', resolve)),
        exited.then(() => Promise.reject(new Error('ffmpeg ended before its input did'))),
      ]).finally(() => {
        draining = null;
      });
      return draining;
    },
    async finish() {
      child.stdin.end();
      await exited;
      await published;
      if (failure) throw failure;
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
