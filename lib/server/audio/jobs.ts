import 'server-only';
import type { SynthesisPriority, VoiceProfile } from '@/lib/tts/engine';
import { renderPlaylist, type PlaylistSegment } from '@/lib/tts/playlist';
import { renderChapterAudio } from '@/lib/tts/render-chapter';
import { log } from '../logger';
import { serverId } from '../jobs/server-id';
import { claimLease, leasedChapterIds, liveLease, promoteLease, releaseLease, renewLease, RENEW_MS } from './leases';
import { engineFor } from './engines';
import { tagOfVersion } from './source';
import { audioStorage } from './storage';

/** A chapter's audio as stored (`state.json`) or as a running job has it so far. */
export interface ChapterAudioState {
  complete: boolean;
  /** Seconds; null until the chapter is complete. */
  duration: number | null;
  /** Start of each paragraph published so far, in seconds; all of them once complete. */
  time_track: number[];
  segments: PlaylistSegment[];
}

/** Why a chapter is synthesized: someone listens ('now'), or ahead of demand ('ahead'). */
export type JobPriority = Exclude<SynthesisPriority, 'first'>;

interface Job {
  key: string;
  startedAt: number;
  /** Wall-clock start, for the console's queue (docs/listening.md "Operations"). */
  since: number;
  /** True once the job holds one of the MAX_RUNNING slots; before that it is waiting. */
  running: boolean;
  priority: JobPriority;
  state: ChapterAudioState;
  /** Settles when the first segment is published (or the job fails). */
  firstSegment: Promise<void>;
  done: Promise<void>;
}

export const PLAYLIST = 'index.m3u8';
const STATE = 'state.json';
/** Chapters synthesized at the same time; more wait their turn (each holds one ffmpeg and its pipes). */
const MAX_RUNNING = 8;

/** The last failure of a chapter's synthesis, until it succeeds or staff retry it (docs/listening.md "Operations"). */
export interface SynthesisFailure {
  chapterId: number;
  key: string;
  reason: string;
  at: Date;
}
/** Failures kept in memory; the oldest goes first past this. */
const MAX_FAILURES = 200;

/** A chapter another server is synthesizing: this server follows what it publishes (docs/listening.md). */
interface Follower {
  key: string;
  priority: JobPriority;
  state: ChapterAudioState;
  firstSegment: Promise<void>;
  done: Promise<void>;
}

interface Registry {
  jobs: Map<string, Job>;
  following: Map<string, Follower>;
  /** Keys whose lease is being claimed right now: every request of this process waits for the same answer. */
  deciding: Map<string, Promise<Handle | null>>;
  running: number;
  waiting: (() => void)[];
  failures: Map<number, SynthesisFailure>;
  /** Called after each finished synthesis (the storage cap, lib/server/audio/storage-cap.ts). */
  afterSynthesis?: () => void;
}
const holder = globalThis as typeof globalThis & { __shushengAudioJobs?: Registry };
const registry = (): Registry =>
  (holder.__shushengAudioJobs ??= {
    jobs: new Map(),
    following: new Map(),
    deciding: new Map(),
    running: 0,
    waiting: [],
    failures: new Map(),
  });

/** What callers get: a job here or one followed on another server. */
type Handle = Pick<Job, 'firstSegment' | 'done' | 'state'>;

/** How often a follower reads the holder's published state: often until the first segment, then calmer. */
const FOLLOW_FIRST_MS = 150;
const FOLLOW_MS = 1000;

const chapterOfKey = (key: string) => Number(key.split('/')[1]);

/** What the console's queue shows: jobs holding a slot, jobs waiting for one, and the failures kept. */
export function synthesisSnapshot(): {
  running: { chapterId: number; key: string; priority: JobPriority; since: Date; segments: number }[];
  waiting: { chapterId: number; key: string; priority: JobPriority; since: Date }[];
  failures: SynthesisFailure[];
} {
  const r = registry();
  const jobs = [...r.jobs.values()].sort((a, b) => a.since - b.since);
  const row = (j: Job) => ({ chapterId: chapterOfKey(j.key), key: j.key, priority: j.priority, since: new Date(j.since) });
  return {
    running: jobs.filter((j) => j.running).map((j) => ({ ...row(j), segments: j.state.segments.length })),
    waiting: jobs.filter((j) => !j.running).map(row),
    failures: [...r.failures.values()].sort((a, b) => b.at.getTime() - a.at.getTime()),
  };
}

/** Chapters with a job now (running or waiting for a slot): their audio is never removed under them. */
export function busyChapterIds(): Set<number> {
  return new Set([...registry().jobs.keys()].map(chapterOfKey));
}

/** Chapters with a job on this server or a live lease anywhere in the cluster (eviction, staff removal). */
export async function busyChapterIdsInCluster(): Promise<Set<number>> {
  const ids = busyChapterIds();
  for (const id of await leasedChapterIds()) ids.add(id);
  return ids;
}

export function synthesisFailure(chapterId: number): SynthesisFailure | undefined {
  return registry().failures.get(chapterId);
}

export function clearSynthesisFailure(chapterId: number): boolean {
  return registry().failures.delete(chapterId);
}

/** Installs the hook run after every finished synthesis (one at a time; undefined removes it). */
export function setAfterSynthesis(hook: (() => void) | undefined): void {
  registry().afterSynthesis = hook;
}

function recordFailure(key: string, err: unknown): void {
  const failures = registry().failures;
  const chapterId = chapterOfKey(key);
  failures.delete(chapterId);
  if (failures.size >= MAX_FAILURES) failures.delete(failures.keys().next().value!);
  const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  failures.set(chapterId, { chapterId, key, reason, at: new Date() });
}

async function slot(): Promise<() => void> {
  const r = registry();
  if (r.running >= MAX_RUNNING) await new Promise<void>((resolve) => r.waiting.push(resolve));
  else r.running++;
  return () => {
    const next = r.waiting.shift();
    if (next) next();
    else r.running--;
  };
}

async function readStoredState(key: string): Promise<ChapterAudioState | null> {
  const raw = await audioStorage().read(key, STATE);
  return raw ? (JSON.parse(raw.toString('utf8')) as ChapterAudioState) : null;
}

/** The running job's state, else the stored (finished) state, else null: never synthesized (or a crashed attempt). */
export async function chapterAudioState(key: string): Promise<ChapterAudioState | null> {
  const job = registry().jobs.get(key) ?? registry().following.get(key);
  if (job) return job.state;
  const stored = await readStoredState(key);
  if (!stored) return null;
  // Unfinished audio is progress only while a server holds its lease; otherwise it is a crashed attempt.
  return stored.complete || (await liveLease(key)) ? stored : null;
}

// Finished time tracks never change (a new text is a new key): the reader's calls keep the latest few in memory.
const TRACK_CACHE_SIZE = 500;
const trackCache = new Map<string, number[]>();

/** The time track of a chapter version whose audio is finished, else null (not made yet, or still being made). */
export async function finishedTimeTrack(key: string): Promise<number[] | null> {
  const cached = trackCache.get(key);
  if (cached) return cached;
  if (registry().jobs.has(key)) return null;
  const stored = await readStoredState(key);
  if (!stored?.complete) return null;
  if (trackCache.size >= TRACK_CACHE_SIZE) trackCache.delete(trackCache.keys().next().value!);
  trackCache.set(key, stored.time_track);
  return stored.time_track;
}

/** A running job for this key, if any (tests and the playlist route wait on it). */
export function runningJob(key: string): Handle | undefined {
  return registry().jobs.get(key) ?? registry().following.get(key);
}

async function runJob(job: Job, voice: VoiceProfile, paragraphs: string[], onFirst: () => void): Promise<void> {
  const server = serverId();
  // Renewed from the start (a job may wait for a slot longer than the lease): other servers must not take it over.
  const renew = setInterval(() => {
    renewLease(job.key, server)
      .then((asked) => {
        if (asked === 'now') job.priority = 'now';
        else if (asked === null) log('warn', 'audio_lease_lost', { key: job.key });
      })
      .catch((err: unknown) => log('warn', 'audio_lease_renew_failed', { key: job.key, err }));
  }, RENEW_MS);
  renew.unref();
  try {
    await renderJob(job, voice, paragraphs, onFirst);
  } finally {
    clearInterval(renew);
  }
}

async function renderJob(job: Job, voice: VoiceProfile, paragraphs: string[], onFirst: () => void): Promise<void> {
  const storage = audioStorage();
  const release = await slot();
  job.running = true;
  // Inside the try: a scratch directory that cannot be made (disk full) must still give the slot back, or
  // MAX_RUNNING such failures would stop all synthesis.
  let scratch: string | undefined;
  try {
    scratch = await storage.makeScratch();
    // Whatever is under this key is a crashed attempt (a finished one would have been found): start clean.
    await storage.remove(job.key);
    const rendered = await renderChapterAudio({
      engine: engineFor(voice),
      voice,
      paragraphs,
      dir: scratch,
      // Listeners still waiting for their first segment go before those already playing, who have audio in hand.
      priority: () => (job.priority === 'now' && !job.state.segments.length ? 'first' : job.priority),
      // Several first listens at once: the earliest gets its first segment soonest, rather than all of them late.
      order: job.startedAt,
      onSegment: async (segment, progress) => {
        await storage.putFile(job.key, `${segment.index}.ts`, segment.file);
        const segments = [...job.state.segments, { index: segment.index, duration: +segment.duration.toFixed(3) }];
        await storage.writeAtomic(job.key, PLAYLIST, renderPlaylist(segments, false));
        job.state = { complete: false, duration: null, time_track: progress.timeTrack, segments };
        // Published for servers following this job (docs/listening.md "Synthesis across servers").
        await storage.writeAtomic(job.key, STATE, JSON.stringify(job.state));
        onFirst();
      },
    });
    const final: ChapterAudioState = {
      complete: true,
      duration: rendered.duration,
      time_track: rendered.timeTrack,
      segments: job.state.segments,
    };
    await storage.writeAtomic(job.key, STATE, JSON.stringify(final));
    await storage.writeAtomic(job.key, PLAYLIST, renderPlaylist(final.segments, true));
    job.state = final;
    onFirst();
    // An edited chapter's older audio in this voice is of no use any more; its audio in other voices is another
    // listener's (each voice's keys carry its tag, docs/listening.md "Keys per voice").
    const [, chapterId] = job.key.split('/');
    const tag = tagOfVersion(job.key);
    for (const other of await storage.list(`chapters/${chapterId}`))
      if (other !== job.key && tagOfVersion(other) === tag) await storage.remove(other);
  } finally {
    release();
    if (scratch) await storage.removeScratch(scratch).catch(() => undefined);
  }
}

/**
 * Makes sure a chapter's audio exists or is being made: one job per key across the cluster however many listeners
 * ask at once (they share it). Resolves with the job — made here, or followed when another server holds the key's
 * lease (docs/listening.md "Synthesis across servers") — or null when the chapter is already stored complete. A job
 * asked for with priority 'now' while it runs 'ahead' is promoted, so a listener never waits behind background work.
 */
export async function ensureChapterAudio(
  key: string,
  voice: VoiceProfile,
  paragraphs: string[],
  priority: JobPriority,
): Promise<Handle | null> {
  const r = registry();
  const existing = r.jobs.get(key) ?? r.following.get(key);
  if (existing) {
    promote(key, priority);
    return existing;
  }
  let decision = r.deciding.get(key);
  if (!decision) {
    decision = decide(key, voice, paragraphs, priority).finally(() => r.deciding.delete(key));
    r.deciding.set(key, decision);
  } else promote(key, priority);
  return decision;
}

function promote(key: string, priority: JobPriority): void {
  if (priority !== 'now') return;
  const r = registry();
  const job = r.jobs.get(key);
  if (job) job.priority = 'now';
  const follower = r.following.get(key);
  if (follower && follower.priority !== 'now') {
    follower.priority = 'now';
    promoteLease(key).catch((err: unknown) => log('warn', 'audio_lease_promote_failed', { key, err }));
  }
}

async function decide(key: string, voice: VoiceProfile, paragraphs: string[], priority: JobPriority): Promise<Handle | null> {
  if ((await readStoredState(key))?.complete) return null;
  const server = serverId();
  if (await claimLease(key, chapterOfKey(key), priority, server)) {
    // Finished by another server between our read and our claim: nothing to make.
    if ((await readStoredState(key))?.complete) {
      await releaseLease(key, server);
      return null;
    }
    return startJob(key, voice, paragraphs, priority, server);
  }
  if (priority === 'now') await promoteLease(key);
  return follow(key, voice, paragraphs, priority);
}

/** Settles when a chapter's first segment is out (or its job failed); nobody need be waiting on it. */
function firstSegmentSignal(): { firstSegment: Promise<void>; onFirst: () => void; onFirstFailed: (err: unknown) => void } {
  let onFirst!: () => void;
  let onFirstFailed!: (err: unknown) => void;
  const firstSegment = new Promise<void>((resolve, reject) => {
    onFirst = resolve;
    onFirstFailed = reject;
  });
  firstSegment.catch(() => undefined);
  return { firstSegment, onFirst, onFirstFailed };
}

function startJob(key: string, voice: VoiceProfile, paragraphs: string[], priority: JobPriority, server: string): Job {
  const r = registry();
  const { firstSegment, onFirst, onFirstFailed } = firstSegmentSignal();
  const job: Job = {
    key,
    startedAt: performance.now(),
    since: Date.now(),
    running: false,
    priority,
    state: { complete: false, duration: null, time_track: [], segments: [] },
    firstSegment,
    done: Promise.resolve(),
  };
  r.jobs.set(key, job);
  const started = Date.now();
  job.done = runJob(job, voice, paragraphs, () => onFirst())
    .then(() => {
      log('info', 'audio_synthesized', { key, paragraphs: paragraphs.length, seconds: job.state.duration, ms: Date.now() - started });
      r.failures.delete(chapterOfKey(key));
      r.afterSynthesis?.();
    })
    .catch(async (err: unknown) => {
      log('error', 'audio_synthesis_failed', { key, err });
      recordFailure(key, err);
      onFirstFailed(err);
      await audioStorage()
        .remove(key)
        .catch(() => undefined);
      throw err;
    })
    .finally(async () => {
      r.jobs.delete(key);
      // After the last write (or the removal of a failed attempt): a follower then finds the final state.
      await releaseLease(key, server).catch((err: unknown) => log('warn', 'audio_lease_release_failed', { key, err }));
    });
  job.done.catch(() => undefined);
  return job;
}

/**
 * Follows a job another server holds the lease of: its published state is read until complete. When the lease ends
 * without complete audio (that server failed or died), this server asks again — and takes the job over if it wins.
 */
function follow(key: string, voice: VoiceProfile, paragraphs: string[], priority: JobPriority): Follower {
  const r = registry();
  const { firstSegment, onFirst, onFirstFailed } = firstSegmentSignal();
  const follower: Follower = {
    key,
    priority,
    state: { complete: false, duration: null, time_track: [], segments: [] },
    firstSegment,
    done: Promise.resolve(),
  };
  r.following.set(key, follower);
  const see = (state: ChapterAudioState | null): boolean => {
    if (!state) return false;
    follower.state = state;
    if (state.segments.length || state.complete) onFirst();
    return state.complete;
  };
  follower.done = (async () => {
    try {
      for (;;) {
        if (see(await readStoredState(key))) return;
        if (!(await liveLease(key))) {
          // The holder released (finished or failed) or died: one more look, then ask as a listener would.
          if (see(await readStoredState(key))) return;
          r.following.delete(key);
          const next = await ensureChapterAudio(key, voice, paragraphs, follower.priority);
          if (!next) {
            see(await readStoredState(key));
            onFirst();
            return;
          }
          next.firstSegment.then(onFirst, onFirstFailed);
          await next.done;
          follower.state = next.state;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, follower.state.segments.length ? FOLLOW_MS : FOLLOW_FIRST_MS));
      }
    } catch (err) {
      onFirstFailed(err);
      throw err;
    } finally {
      if (r.following.get(key) === follower) r.following.delete(key);
    }
  })();
  follower.done.catch(() => undefined);
  return follower;
}

/** Resolves when no chapter is being synthesized (tests; a graceful stop). */
export async function jobsIdle(): Promise<void> {
  const all = () => [...registry().jobs.values(), ...registry().following.values(), ...registry().deciding.values()];
  for (let jobs = all(); jobs.length; jobs = all()) {
    await Promise.allSettled(jobs.map((j) => ('done' in j ? j.done : j)));
  }
}
