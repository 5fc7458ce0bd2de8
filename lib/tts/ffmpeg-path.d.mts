/** The error when there is none, in Chinese and English, with what to do. */
export declare const FFMPEG_MISSING: string;

/** Where ffmpeg is and which rule found it: FFMPEG_PATH first, then PATH (docs/deploy.md "ffmpeg"). */
export interface FoundFfmpeg {
  path: string;
  from: 'FFMPEG_PATH' | 'PATH';
}

/** Null when none is there; throws when FFMPEG_PATH names something that is not an executable file. */
export declare function findFfmpeg(env?: Record<string, string | undefined>): FoundFfmpeg | null;

/** The ffmpeg to run; throws FFMPEG_MISSING when there is none. */
export declare function resolveFfmpeg(env?: Record<string, string | undefined>): string;
