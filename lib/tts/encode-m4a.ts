import 'server-only';
import { AAC_BITRATE } from './hls-encoder';
import { pcmInput, runFfmpeg } from './ffmpeg';

/**
 * A short clip (a spoken prompt) as one AAC-LC .m4a file, which <audio> plays everywhere without HLS. The clip
 * is seconds long, so its PCM is passed whole.
 */
export async function encodeM4a(pcm: Int16Array, sampleRate: number, outFile: string): Promise<void> {
  const { child, exited } = runFfmpeg([
    ...pcmInput(sampleRate),
    '-c:a',
    'aac',
    '-profile:a',
    'aac_low',
    '-b:a',
    AAC_BITRATE,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outFile,
  ]);
  child.stdout.resume();
  child.stdin.end(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  await exited;
}
