import 'server-only';
import { inArray, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { audioChapterHeard } from '../db/schema';
import { log } from '../logger';
import { startPeriodic } from '../jobs/periodic';
import { busyChapterIds, busyChapterIdsInCluster, setAfterSynthesis } from './jobs';
import { audioStorage } from './storage';

/**
 * The cap on audio storage (docs/listening.md "Operations"): `AUDIO_STORAGE_CAP_MB` (unset or 0: no cap). Over it,
 * whole chapters' audio goes, least recently heard first, until the total is under the cap again; evicted audio
 * is synthesized again when someone listens, as a chapter never heard is.
 */
export const MB = 1024 * 1024;
/** `last_heard_at` is written at most this often per chapter: one small upsert an hour, not one per listen. */
export const HEARD_WRITE_MS = 60 * 60 * 1000;
/** Audio heard this recently is never evicted (longer than HEARD_WRITE_MS, so a stale row cannot hide a listen). */
export const PROTECT_RECENT_MS = 2 * 60 * 60 * 1000;
/** The periodic check; each finished synthesis also asks for one (at most one runs at a time). */
export const EVICT_EVERY_MS = 10 * 60 * 1000;

export function capBytes(): number | null {
  const mb = Number(process.env.AUDIO_STORAGE_CAP_MB ?? '');
  return Number.isFinite(mb) && mb > 0 ? Math.floor(mb * MB) : null;
}

interface CapState {
  /** This process's latest hear per chapter (precise), and when each chapter's row was last written. */
  heard: Map<number, number>;
  written: Map<number, number>;
  running: Promise<EvictionResult> | null;
  again: boolean;
  last: (EvictionResult & { at: Date }) | null;
}
const holder = globalThis as typeof globalThis & { __shushengAudioCap?: CapState };
const state = (): CapState =>
  (holder.__shushengAudioCap ??= { heard: new Map(), written: new Map(), running: null, again: false, last: null });

/** Forgets this process's hears and the last eviction (tests). */
export function resetAudioCapState(): void {
  holder.__shushengAudioCap = undefined;
}

/**
 * A chapter's audio was served: remembered in memory at once, written to `audio_chapter_heard` when the row is
 * older than HEARD_WRITE_MS (the conditional upsert also holds across processes). Never throws.
 */
export async function noteHeard(chapterId: number, now = new Date()): Promise<void> {
  const s = state();
  s.heard.set(chapterId, now.getTime());
  if (s.heard.size > 50_000) for (const [id, at] of s.heard) if (now.getTime() - at > PROTECT_RECENT_MS) s.heard.delete(id);
  const wrote = s.written.get(chapterId);
  if (wrote !== undefined && now.getTime() - wrote < HEARD_WRITE_MS) return;
  s.written.set(chapterId, now.getTime());
  if (s.written.size > 50_000) s.written.clear();
  await getDb()
    .insert(audioChapterHeard)
    .values({ chapterId, lastHeardAt: now })
    .onConflictDoUpdate({
      target: audioChapterHeard.chapterId,
      set: { lastHeardAt: now },
      setWhere: lt(audioChapterHeard.lastHeardAt, new Date(now.getTime() - HEARD_WRITE_MS)),
    })
    .catch((err: unknown) => log('warn', 'audio_heard_write_failed', { chapterId, err }));
}

export interface ChapterUsage {
  chapterId: number;
  bytes: number;
  files: number;
}

/** Every chapter's stored audio (all versions), through the storage interface. */
export async function chapterUsage(): Promise<ChapterUsage[]> {
  const storage = audioStorage();
  const out: ChapterUsage[] = [];
  for (const key of await storage.list('chapters')) {
    const chapterId = Number(key.split('/')[1]);
    if (!Number.isInteger(chapterId)) continue;
    const { bytes, files } = await storage.usage(key);
    out.push({ chapterId, bytes, files });
  }
  return out;
}

export interface EvictionResult {
  totalBefore: number;
  totalAfter: number;
  evicted: number[];
  freed: number;
}

async function lastHeard(ids: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await getDb()
      .select()
      .from(audioChapterHeard)
      .where(inArray(audioChapterHeard.chapterId, ids.slice(i, i + 1000)));
    for (const r of rows) map.set(r.chapterId, r.lastHeardAt.getTime());
  }
  return map;
}

/**
 * Removes the least recently heard chapters' audio until the total is under the cap. Never a chapter being
 * synthesized (its job is checked again just before each removal) nor one heard within PROTECT_RECENT_MS; a
 * chapter never heard counts as heard at its oldest. `cap` null (no cap) does nothing.
 */
export async function evictOverCap(options: { now?: Date; cap?: number | null } = {}): Promise<EvictionResult> {
  const now = (options.now ?? new Date()).getTime();
  const cap = options.cap === undefined ? capBytes() : options.cap;
  const usage = await chapterUsage();
  const totalBefore = usage.reduce((n, u) => n + u.bytes, 0);
  const result: EvictionResult = { totalBefore, totalAfter: totalBefore, evicted: [], freed: 0 };
  if (cap === null || totalBefore <= cap) return result;
  const heardDb = await lastHeard(usage.map((u) => u.chapterId));
  const heardMem = state().heard;
  const heardAt = (id: number) => Math.max(heardDb.get(id) ?? 0, heardMem.get(id) ?? 0);
  const candidates = usage
    .filter((u) => now - heardAt(u.chapterId) >= PROTECT_RECENT_MS)
    .sort((a, b) => heardAt(a.chapterId) - heardAt(b.chapterId) || a.chapterId - b.chapterId);
  const storage = audioStorage();
  // Chapters being made here or on any other server of the cluster (their leases): never removed under them.
  const busy = candidates.length ? await busyChapterIdsInCluster() : new Set<number>();
  for (const c of candidates) {
    if (result.totalAfter <= cap) break;
    if (busy.has(c.chapterId) || busyChapterIds().has(c.chapterId)) continue;
    await storage.remove(`chapters/${c.chapterId}`);
    result.evicted.push(c.chapterId);
    result.freed += c.bytes;
    result.totalAfter -= c.bytes;
  }
  if (result.evicted.length)
    log('info', 'audio_evicted', { chapters: result.evicted.length, freed: result.freed, total: result.totalAfter, cap });
  state().last = { ...result, at: new Date(now) };
  return result;
}

/** One eviction at a time in this process; a request while one runs is served by one more run after it. */
export function scheduleEviction(): void {
  const s = state();
  if (capBytes() === null) return;
  if (s.running) {
    s.again = true;
    return;
  }
  s.running = evictOverCap()
    .catch((err: unknown) => {
      log('warn', 'audio_evict_failed', { err });
      return { totalBefore: 0, totalAfter: 0, evicted: [], freed: 0 };
    })
    .finally(() => {
      s.running = null;
      if (s.again) {
        s.again = false;
        scheduleEviction();
      }
    });
}

export function lastEviction(): (EvictionResult & { at: Date }) | null {
  return state().last;
}

/** In the server: the periodic check, and a check after every finished synthesis. */
export function startAudioCap(): void {
  setAfterSynthesis(scheduleEviction);
  startPeriodic('audio_evict', EVICT_EVERY_MS, async () => scheduleEviction());
}
