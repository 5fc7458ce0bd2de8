import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { aheadWaiting, synthesizeAhead } from '../audio/ahead';
import { busyChapterIdsInCluster, clearSynthesisFailure, synthesisFailure, synthesisSnapshot, type JobPriority } from '../audio/jobs';
import { languageHasVoice, voiceOfAudioKey } from '../audio/voices';
import { capBytes, chapterUsage, evictOverCap, lastEviction, type EvictionResult } from '../audio/storage-cap';
import { audioStorage } from '../audio/storage';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

const L = OPS_TEXT.listening;

interface ChapterLabel {
  chapterId: number;
  novelId: number | null;
  novelTitle: string;
  chapterTitle: string;
}

async function labels(ids: number[]): Promise<Map<number, ChapterLabel>> {
  const map = new Map<number, ChapterLabel>();
  if (!ids.length) return map;
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await getDb()
      .select({ chapterId: chapters.id, novelId: chapters.novelId, chapterTitle: chapters.title, novelTitle: novels.title })
      .from(chapters)
      .innerJoin(novels, eq(novels.id, chapters.novelId))
      .where(inArray(chapters.id, ids.slice(i, i + 1000)));
    for (const r of rows) map.set(r.chapterId, r);
  }
  return map;
}
const labelOf = (map: Map<number, ChapterLabel>, id: number): ChapterLabel =>
  map.get(id) ?? { chapterId: id, novelId: null, novelTitle: '', chapterTitle: '' };

export interface QueueView {
  running: (ChapterLabel & { priority: JobPriority; since: Date; segments: number })[];
  /** Jobs waiting for a slot, then chapters queued ahead (up to 100 shown, `waitingTotal` counts them all). */
  waiting: (ChapterLabel & { priority: JobPriority; since: Date | null })[];
  waitingTotal: number;
  failed: (ChapterLabel & { reason: string; at: Date })[];
}

/** The synthesis queue of this server process (docs/listening.md "Operations"). */
export async function synthesisQueue(actor: StaffActor): Promise<QueueView> {
  assertCan(actor, 'listening');
  const snap = synthesisSnapshot();
  const ahead = aheadWaiting();
  const shownAhead = ahead.slice(0, Math.max(0, 100 - snap.waiting.length));
  const names = await labels([...snap.running, ...snap.waiting, ...snap.failures].map((j) => j.chapterId).concat(shownAhead));
  return {
    running: snap.running.map((j) => ({ ...labelOf(names, j.chapterId), priority: j.priority, since: j.since, segments: j.segments })),
    waiting: [
      ...snap.waiting.map((j) => ({ ...labelOf(names, j.chapterId), priority: j.priority, since: j.since })),
      ...shownAhead.map((id) => ({ ...labelOf(names, id), priority: 'ahead' as const, since: null })),
    ],
    waitingTotal: snap.waiting.length + ahead.length,
    failed: snap.failures.map((f) => ({ ...labelOf(names, f.chapterId), reason: f.reason, at: f.at })),
  };
}

export interface StorageView {
  bytes: number;
  files: number;
  chapters: number;
  cap: number | null;
  topNovels: { novelId: number; title: string; bytes: number; chapters: number }[];
  last: (EvictionResult & { at: Date }) | null;
}

/** Audio storage in use, through the storage interface, and the novels taking the most of it. */
export async function audioStorageView(actor: StaffActor, top = 10): Promise<StorageView> {
  assertCan(actor, 'listening');
  const usage = await chapterUsage();
  const names = await labels(usage.map((u) => u.chapterId));
  const byNovel = new Map<number, { novelId: number; title: string; bytes: number; chapters: number }>();
  for (const u of usage) {
    const l = names.get(u.chapterId);
    if (!l?.novelId) continue;
    const n = byNovel.get(l.novelId) ?? { novelId: l.novelId, title: l.novelTitle, bytes: 0, chapters: 0 };
    n.bytes += u.bytes;
    n.chapters++;
    byNovel.set(l.novelId, n);
  }
  return {
    bytes: usage.reduce((n, u) => n + u.bytes, 0),
    files: usage.reduce((n, u) => n + u.files, 0),
    chapters: usage.length,
    cap: capBytes(),
    topNovels: [...byNovel.values()].sort((a, b) => b.bytes - a.bytes || a.novelId - b.novelId).slice(0, top),
    last: lastEviction(),
  };
}

/** Queues a failed chapter again (the failure is forgotten; a new one is recorded if it fails again). */
export async function retrySynthesis(actor: StaffActor, chapterId: number): Promise<void> {
  assertCan(actor, 'listening');
  const failure = synthesisFailure(chapterId);
  if (!failure) throw invalid(L.notFailed);
  clearSynthesisFailure(chapterId);
  // In the voice that failed (its key's tag); '' when the key is untagged or its voice is gone: the default voice.
  synthesizeAhead(chapterId, voiceOfAudioKey(failure.key) ?? '');
  await writeAudit(getDb(), {
    staffId: actor.id,
    action: 'audio.retry',
    targetType: 'chapter',
    targetId: chapterId,
    detail: { reason: failure.reason },
    ip: actor.ip,
  });
}

/** Drops a chapter's stored audio (every version) and queues it; the bytes removed are returned. */
async function dropChapterAudio(chapterId: number): Promise<number> {
  const key = `chapters/${chapterId}`;
  const { bytes } = await audioStorage().usage(key);
  await audioStorage().remove(key);
  clearSynthesisFailure(chapterId);
  synthesizeAhead(chapterId);
  return bytes;
}

/**
 * Re-voices one chapter: its audio is removed and synthesized again ahead of demand (a fix in the engine or
 * voice, a complaint about the sound). Refused while the chapter is being synthesized. Audited `audio.revoice`.
 */
export async function revoiceChapter(actor: StaffActor, chapterId: number): Promise<number> {
  assertCan(actor, 'listening');
  const [row] = await getDb()
    .select({ novelId: chapters.novelId, hasTts: novels.hasTts, languageType: novels.languageType, isOffShelf: novels.isOffShelf })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(eq(chapters.id, chapterId));
  if (!row) throw notFound(L.noChapter);
  if (!row.hasTts || !languageHasVoice(row.languageType)) throw invalid(L.noVoice);
  if (row.isOffShelf) throw invalid(L.offShelf);
  if ((await busyChapterIdsInCluster()).has(chapterId)) throw new ApiError(CODES.conflict, L.busy);
  const bytes = await dropChapterAudio(chapterId);
  await writeAudit(getDb(), {
    staffId: actor.id,
    action: 'audio.revoice',
    targetType: 'chapter',
    targetId: chapterId,
    detail: { novelId: row.novelId, chapters: 1, bytesRemoved: bytes },
    ip: actor.ip,
  });
  return 1;
}

/**
 * Re-voices a whole novel: every chapter not being synthesized right now loses its audio and is queued (the
 * work-ahead queue holds MAX_QUEUED; chapters past it are made when first listened to). Audited `audio.revoice`.
 */
export async function revoiceNovel(actor: StaffActor, novelId: number): Promise<{ queued: number; skipped: number }> {
  assertCan(actor, 'listening');
  const [novel] = await getDb().select().from(novels).where(eq(novels.id, novelId));
  if (!novel) throw notFound(L.noNovel);
  if (!novel.hasTts || !languageHasVoice(novel.languageType)) throw invalid(L.noVoice);
  if (novel.isOffShelf) throw invalid(L.offShelf);
  const ids = (
    await getDb().select({ id: chapters.id }).from(chapters).where(eq(chapters.novelId, novelId)).orderBy(asc(chapters.idx))
  ).map((r) => r.id);
  if (!ids.length) throw notFound(L.noNovel);
  let bytes = 0;
  let queued = 0;
  for (const id of ids) {
    // Asked again for each chapter: a listener may have started one meanwhile.
    if ((await busyChapterIdsInCluster()).has(id)) continue;
    bytes += await dropChapterAudio(id);
    queued++;
  }
  await writeAudit(getDb(), {
    staffId: actor.id,
    action: 'audio.revoice',
    targetType: 'novel',
    targetId: novelId,
    detail: { chapters: queued, skipped: ids.length - queued, bytesRemoved: bytes },
    ip: actor.ip,
  });
  return { queued, skipped: ids.length - queued };
}

/** Staff run the cap's eviction now rather than at the next periodic check; audited `audio.evict`. */
export async function evictNow(actor: StaffActor): Promise<EvictionResult> {
  assertCan(actor, 'listening');
  const cap = capBytes();
  if (cap === null) throw invalid(L.noCap);
  const result = await evictOverCap({ cap });
  await writeAudit(getDb(), {
    staffId: actor.id,
    action: 'audio.evict',
    detail: { cap, before: result.totalBefore, after: result.totalAfter, chapters: result.evicted.length },
    ip: actor.ip,
  });
  return result;
}
