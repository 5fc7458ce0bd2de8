import 'server-only';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import os from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { resolveFfmpeg } from './ffmpeg-path.mjs';
import { AUDIO_WORK_NICE } from './priority';

/**
 * The ffmpeg binary (ffmpeg-path.mjs, docs/deploy.md "ffmpeg"): FFMPEG_PATH when set, else `ffmpeg` on PATH — Debian's
 * package, which npm start and npm test install when missing. Throws, in Chinese and English, when there is none.
 */
export function ffmpegPath(): string {
  return resolveFfmpeg();
}

export interface FfmpegRun {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** Resolves on a clean exit; rejects with the tail of ffmpeg's error output otherwise. */
  exited: Promise<void>;
}

/** Starts ffmpeg with PCM or media on stdin, at a lower priority than the server. */
export function runFfmpeg(args: string[]): FfmpegRun {
  const child = spawn(ffmpegPath(), ['-hide_banner', '-nostats', '-loglevel', 'error', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  if (child.pid) {
    try {
      os.setPriority(child.pid, AUDIO_WORK_NICE);
    } catch {
      // Not permitted here: the encoder is light (hundreds of times real time) either way.
    }
  }
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  // A write after ffmpeg died surfaces through `exited`, not as an unhandled EPIPE.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${signal ? `killed by ${signal}` : `exited with ${code}`}: ${stderr.trim()}`));
    });
  });
  exited.catch(() => undefined); // a caller that kills ffmpeg need not observe it
  return { child, exited };
}

/** ffmpeg's input arguments for 16-bit mono PCM on stdin. */
export function pcmInput(sampleRate: number): string[] {
  return ['-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0'];
}
