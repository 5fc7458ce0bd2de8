import 'server-only';
import { runFfmpeg } from '../ffmpeg';
import { resamplePcm } from '../resample';

/** 16-bit mono PCM and its rate. */
export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/**
 * A WAV answer as PCM (docs/speech-engines.md "Audio formats"): 16-bit integer PCM at any rate, mono or several
 * channels (averaged to mono). The data chunk's size may be 0 or 0xFFFFFFFF when the service streamed it: then the
 * rest of the body is the data. Throws on anything else, so a wrong answer is an engine failure, not noise.
 */
export function decodeWav(buf: Buffer): Pcm {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('answer is not WAV');
  let offset = 12;
  let channels = 0;
  let sampleRate = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    let size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = buf.readUInt16LE(body);
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      const bits = buf.readUInt16LE(body + 14);
      // 0xFFFE (extensible) carries PCM too; its sub-format is not checked beyond the bit depth.
      if ((format !== 1 && format !== 0xfffe) || bits !== 16 || channels < 1 || sampleRate < 1)
        throw new Error(`WAV is not 16-bit PCM (format ${format}, ${bits} bits, ${channels} channels)`);
    } else if (id === 'data') {
      if (!channels) throw new Error('WAV data before its format');
      if (size === 0 || size === 0xffffffff || body + size > buf.length) size = buf.length - body;
      const frames = Math.floor(size / (2 * channels));
      const samples = new Int16Array(frames);
      for (let f = 0; f < frames; f++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += buf.readInt16LE(body + (f * channels + c) * 2);
        samples[f] = Math.round(sum / channels);
      }
      return { samples, sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAV without data');
}

/** Raw little-endian 16-bit mono PCM (OpenAI's `pcm` format) at the rate the service documents. */
export function decodeRawPcm(buf: Buffer, sampleRate: number): Pcm {
  const samples = new Int16Array(Math.floor(buf.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = buf.readInt16LE(i * 2);
  return { samples, sampleRate };
}

/** Compressed audio (mp3, opus, aac, flac) through ffmpeg, straight to mono PCM at `sampleRate`. */
export async function decodeWithFfmpeg(buf: Buffer, sampleRate: number): Promise<Pcm> {
  const run = runFfmpeg(['-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(sampleRate), 'pipe:1']);
  const chunks: Buffer[] = [];
  run.child.stdout.on('data', (d: Buffer) => chunks.push(d));
  run.child.stdin.end(buf);
  await run.exited;
  return decodeRawPcm(Buffer.concat(chunks), sampleRate);
}

/** Any answer as PCM at the engine's rate. */
export async function answerToPcm(
  body: Buffer,
  format: 'wav' | 'pcm' | 'mp3' | 'opus' | 'aac' | 'flac',
  sampleRate: number,
  rawRate = 24_000,
): Promise<Int16Array> {
  const pcm =
    format === 'wav' ? decodeWav(body) : format === 'pcm' ? decodeRawPcm(body, rawRate) : await decodeWithFfmpeg(body, sampleRate);
  return resamplePcm(pcm.samples, pcm.sampleRate, sampleRate);
}
