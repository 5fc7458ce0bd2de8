import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import { getDb } from '../db/client';
import { audioBacklog, chapters, novels } from '../db/schema';
import { isPublished } from '../catalog/visibility';
import { log } from '../logger';
import { startPeriodic } from '../jobs/periodic';
import { backlogWaiting, synthesizeBacklog } from './ahead';
import { chapterAudioState } from './jobs';
import { audioKey } from './source';
import { offeredVoice, resolveVoice } from './voices';

// The whole-book backlog kept across restarts (docs/listening.md "Voicing a whole book"): every chapter queued for a
// book is also written to `audio_backlog`; the pump of ahead.ts removes a row when the chapter's turn has come. After
// a restart (or when a process's backlog has run dry) a pass reads the oldest rows back into the in-memory backlog,
// a bounded batch at a time.

/** Chapters one pass reads back into the backlog at most: the rest wait for a later pass. */
export const REQUEUE_BATCH = 500;
/** How often a pass runs (on one server of the cluster per tick), besides the one at each server's start. */
export const REQUEUE_EVERY_MS = 5 * 60_000;
const INSERT_CHUNK = 1000;

const holder = globalThis as typeof globalThis & { __shushengBacklogStarted?: boolean };

/**
 * Stores chapters queued for a whole book (in the order given: the earlier `queued_at` is taken first), in a voice
 * (a book pre-voiced in a chosen voice) or '' (each chapter's default voice).
 */
export async function rememberBacklog(chapterIds: number[], voiceKey = ''): Promise<void> {
  const queuedAt = Date.now();
  for (let at = 0; at < chapterIds.length; at += INSERT_CHUNK) {
    const rows = chapterIds
      .slice(at, at + INSERT_CHUNK)
      .map((chapterId, i) => ({ chapterId, voiceKey, queuedAt: new Date(queuedAt + at + i) }));
    await getDb().insert(audioBacklog).values(rows).onConflictDoNothing();
  }
}

/** Forgets the stored backlog of a novel's chapters (its 听书 switched off). */
export async function forgetNovelBacklog(novelId: number): Promise<void> {
  const ids = getDb().select({ id: chapters.id }).from(chapters).where(eq(chapters.novelId, novelId));
  await getDb().delete(audioBacklog).where(inArray(audioBacklog.chapterId, ids));
}

/**
 * One pass: when this process's backlog is empty, reads up to `limit` of the oldest stored chapters back into it,
 * behind all work ahead as before. A stored chapter whose audio is already complete, or that can no longer be voiced
 * (听书 off, no voice for its language, off shelf, not published), is removed instead. Returns what it did.
 */
export async function requeueBacklog(limit = REQUEUE_BATCH): Promise<{ queued: number; removed: number }> {
  // Still working through an earlier batch: its rows are read again once it is done.
  if (backlogWaiting() > 0) return { queued: 0, removed: 0 };
  const rows = await getDb()
    .select({
      id: chapters.id,
      voice: audioBacklog.voiceKey,
      content: chapters.content,
      publishedAt: chapters.publishedAt,
      hasTts: novels.hasTts,
      languageType: novels.languageType,
      voiceKey: novels.voiceKey,
      isOffShelf: novels.isOffShelf,
    })
    .from(audioBacklog)
    .innerJoin(chapters, eq(chapters.id, audioBacklog.chapterId))
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .orderBy(asc(audioBacklog.queuedAt), asc(audioBacklog.chapterId))
    .limit(limit);
  const stale: { id: number; voice: string }[] = [];
  const wanted = new Map<string, number[]>();
  for (const row of rows) {
    // A chosen voice no longer offered is dropped, not made in another voice than staff asked for.
    const voice = row.voice ? (row.hasTts ? offeredVoice(row.voice, row.languageType) : null) : await resolveVoice(row);
    if (!voice || row.isOffShelf || !isPublished(row)) {
      stale.push(row);
      continue;
    }
    const state = await chapterAudioState(audioKey(row.id, voice, splitParagraphs(row.content)));
    if (state?.complete) stale.push(row);
    else wanted.set(row.voice, [...(wanted.get(row.voice) ?? []), row.id]);
  }
  for (const voice of new Set(stale.map((r) => r.voice))) {
    const ids = stale.filter((r) => r.voice === voice).map((r) => r.id);
    await getDb()
      .delete(audioBacklog)
      .where(and(eq(audioBacklog.voiceKey, voice), inArray(audioBacklog.chapterId, ids)));
  }
  let queued = 0;
  for (const [voice, ids] of wanted) queued += synthesizeBacklog(ids, voice);
  return { queued, removed: stale.length };
}

async function pass(): Promise<void> {
  const { queued, removed } = await requeueBacklog();
  if (queued || removed) log('info', 'audio_backlog_requeued', { queued, removed });
}

/**
 * In the server: a pass at start (the process's backlog is empty then) and one every `REQUEUE_EVERY_MS` on one
 * server of the cluster. Two servers may read the same rows; the chapter is still made once (its lease, jobs.ts).
 */
export function startBacklogRequeue(): void {
  if (holder.__shushengBacklogStarted) return;
  holder.__shushengBacklogStarted = true;
  pass().catch((err: unknown) => log('warn', 'audio_backlog_requeue_failed', { err }));
  startPeriodic('audio_backlog_requeue', REQUEUE_EVERY_MS, pass);
}
