import 'server-only';
import { fork } from 'node:child_process';
import path from 'node:path';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { invalid } from '../../core/errors';
import { MAX_COVER_BYTES } from './cover';
import { refusalError } from './refusal-message';
import type { RefusalArg, RefusalCode } from './refusal.mjs';
import type { EpubBook, SkippedPage } from './epub-book.mjs';
import type { SplitChapter, SplitResult } from './text-split.mjs';
import type { ChosenEncoding, TextEncoding } from './text-decode.mjs';
import { ZIP_LIMITS, type ZipLimits } from './zip-reader.mjs';

/**
 * Import files are parsed in a child process (parse-worker.mjs), one per upload, so a large or hostile file costs the
 * editor who sent it time, never the readers whose requests share the server's event loop (docs/content.md "Import",
 * "Limits"). A process rather than a worker thread: a thread's heap limit aborts the whole server when an
 * allocation larger than the 16 MB Node allows past it crosses it (a long string does), a process dies alone. The
 * child runs at a lower CPU priority, is killed past a time limit and dies past its heap limit; either way the editor
 * gets a message and nothing is written.
 */
export interface ParseLimits {
  /** Wall time from the start of the child to its answer. nginx waits 60 s for the whole upload (docs/deploy.md). */
  timeMs: number;
  /** The child's V8 heap (old generation). Inflated bytes live outside it and are bounded by `zip`. */
  heapMb: number;
  zip: ZipLimits;
}

export const PARSE_LIMITS: Readonly<ParseLimits> = { timeMs: 45_000, heapMb: 1024, zip: ZIP_LIMITS };

/** Parses running at once in this server; one more is refused, not queued (each may use PARSE_LIMITS.heapMb). */
export const MAX_PARALLEL_PARSES = 2;

/** What a parse cost, as the child measured it (tests and the bench read it). */
export interface ParseStats {
  ms: number;
  maxRssMb: number;
}

export type ParseOptions = Partial<Omit<ParseLimits, 'zip'>> & { zip?: Partial<ZipLimits>; onStats?: (stats: ParseStats) => void };
export type ParsedTxt = SplitResult & { encoding: TextEncoding };

type Message =
  | { chapters?: SplitChapter[]; skipped?: SkippedPage[]; ok?: undefined }
  | { ok: true; result: { chapters: SplitChapter[] }; stats: ParseStats }
  | { ok: false; refusal: { code: RefusalCode; arg?: RefusalArg }; stats: ParseStats }
  | { ok: false; error: string; refusal?: undefined; stats?: undefined };

// Files outside the bundle are found from the project root (the server's working directory), as eSpeak's worker is.
const workerFile = () => path.join(path.resolve(/* turbopackIgnore: true */ process.cwd()), 'lib/server/content/import/parse-worker.mjs');

let running = 0;

function parseInWorker(job: Record<string, unknown> & { bytes: Uint8Array }, options: ParseOptions = {}): Promise<unknown> {
  if (running >= MAX_PARALLEL_PARSES) return Promise.reject(invalid(T.parseBusy));
  const { onStats, ...given } = options;
  const limits: ParseLimits = { ...PARSE_LIMITS, ...given, zip: { ...ZIP_LIMITS, ...given.zip } };
  // turbopackIgnore: the bundler would try to resolve (and bundle) what fork runs; it runs from the project as it is.
  const child = fork(/* turbopackIgnore: true */ workerFile(), [], {
    // Not the server's own flags (an inspector port, loaders): only the heap limit.
    execArgv: [`--max-old-space-size=${limits.heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  running++;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)));
  return new Promise((resolve, reject) => {
    // The answer is decided once and the process stopped; the promise settles when the process is gone, so the count
    // of running parses (and the memory they hold) is right by the time the caller goes on.
    let outcome: (() => void) | undefined;
    let gone = false;
    const decide = (answer: () => void) => {
      if (outcome) return;
      outcome = answer;
      clearTimeout(timer);
      child.kill('SIGKILL');
    };
    const finish = () => {
      if (gone) return;
      gone = true;
      running--;
      outcome!();
    };
    const timer = setTimeout(() => decide(() => reject(invalid(T.parseTimeout(Math.ceil(limits.timeMs / 1000))))), limits.timeMs);
    const chapters: SplitChapter[] = [];
    const skipped: SkippedPage[] = [];
    child.on('message', (message: Message) => {
      if (message.ok === undefined) {
        for (const chapter of message.chapters ?? []) chapters.push(chapter);
        for (const page of message.skipped ?? []) skipped.push(page);
        return;
      }
      if (message.stats) onStats?.(message.stats);
      decide(() => {
        if (message.ok)
          resolve({ ...message.result, chapters: [...chapters, ...message.result.chapters], ...(job.kind === 'epub' ? { skipped } : {}) });
        else if (message.refusal) reject(refusalError(message.refusal.code, message.refusal.arg));
        else reject(new Error(`import parse failed: ${message.error}`));
      });
    });
    // Gone without an answer: V8 aborts a process past its heap limit with this line on stderr ('close' comes once
    // stderr is read to its end).
    child.on('close', (code, signal) => {
      decide(() =>
        reject(
          /heap out of memory/i.test(stderr)
            ? invalid(T.parseOutOfMemory)
            : new Error(`import parse worker exited (${signal ?? code}): ${stderr.trim().slice(-500)}`),
        ),
      );
      finish();
    });
    // A process that never started never closes.
    child.on('error', (err) => {
      decide(() => reject(err));
      if (child.pid === undefined) finish();
    });
    // Cloning a view copies the whole buffer behind it: hand over the file's own bytes only.
    const { bytes } = job;
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    child.send({ ...job, bytes: own, limits: limits.zip });
  });
}

/** An EPUB's chapters, title, author, description, subjects and cover (epub-book.mjs), parsed off the event loop. */
export const parseEpubInWorker = (bytes: Uint8Array, options?: ParseOptions) =>
  parseInWorker({ kind: 'epub', bytes, maxCoverBytes: MAX_COVER_BYTES }, options) as Promise<EpubBook>;

/** A TXT decoded (in the uploader's encoding, if named) and split into chapters (text-decode.mjs, text-split.mjs), off the event loop. */
export const parseTxtInWorker = (bytes: Uint8Array, fallbackTitle: string, options?: ParseOptions, encoding?: ChosenEncoding) =>
  parseInWorker({ kind: 'txt', bytes, encoding, titles: { fallbackTitle, prefaceTitle: T.prefaceTitle } }, options) as Promise<ParsedTxt>;
