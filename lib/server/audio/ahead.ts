import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { audioBacklog } from '../db/schema';
import { log } from '../logger';
import { ensureChapterAudio } from './jobs';
import { loadAudioSource } from './source';

/** Chapters waiting to be synthesized ahead; more are dropped (they will be made when someone listens). */
const MAX_QUEUED = 1000;
/**
 * Chapters of whole books waiting to be voiced (a book whose 听书 was switched on or which was put on shelf voiced,
 * docs/listening.md "Voicing a whole book"); more are dropped and made when someone listens.
 */
export const MAX_BACKLOG = 20_000;

/** A chapter to make in a voice: its key, or '' for the chapter's default voice (docs/listening.md "Voice resolution"). */
export interface AheadItem {
  id: number;
  voice: string;
}
const itemKey = (item: AheadItem) => `${item.id}|${item.voice}`;

interface AheadQueue {
  /** Work ahead of listeners: the next chapter of one being heard, a chapter just published or edited. */
  ids: AheadItem[];
  /** Whole books: taken only when `ids` is empty, so it never holds up work for listeners. */
  backlog: AheadItem[];
  /** Every chapter and voice in either list (or being made by the pump): each is queued once. */
  queued: Set<string>;
  pumping: Promise<void> | null;
}
const holder = globalThis as typeof globalThis & { __shushengAudioAhead?: AheadQueue };
const queue = (): AheadQueue => {
  const q = (holder.__shushengAudioAhead ??= { ids: [], backlog: [], queued: new Set(), pumping: null });
  // A queue made by an older copy of this module (a dev server's hot reload) has no backlog yet.
  q.backlog ??= [];
  return q;
};

async function pump(q: AheadQueue): Promise<void> {
  for (let item = q.ids.shift() ?? q.backlog.shift(); item !== undefined; item = q.ids.shift() ?? q.backlog.shift()) {
    const { id, voice } = item;
    try {
      const source = await loadAudioSource(id, { key: voice || null });
      if (source?.voice && source.key && !source.isOffShelf) {
        const job = await ensureChapterAudio(source.key, source.voice, source.paragraphs, 'ahead');
        await job?.done;
      }
    } catch (err) {
      log('warn', 'audio_ahead_failed', { chapterId: id, err });
    } finally {
      q.queued.delete(itemKey(item));
      // Its turn has come (made, found made, skipped or failed): the stored backlog forgets it (lib/server/audio/backlog.ts).
      await getDb()
        .delete(audioBacklog)
        .where(and(eq(audioBacklog.chapterId, id), eq(audioBacklog.voiceKey, voice)))
        .catch((err: unknown) => log('warn', 'audio_backlog_forget_failed', { chapterId: id, err }));
    }
  }
}

function startPump(q: AheadQueue): void {
  q.pumping ??= pump(q).finally(() => {
    q.pumping = null;
  });
}

/**
 * Queues a chapter for synthesis before anyone asks for it (the next chapter of one being listened to, in that
 * listener's voice; a newly published chapter, in its default voice: `voice` ''). One chapter at a time, at
 * background priority: it never delays a listener's first audio. A chapter waiting in a book's backlog moves up here.
 */
export function synthesizeAhead(chapterId: number, voice = ''): void {
  const q = queue();
  if (chapterId < 1 || q.ids.length >= MAX_QUEUED) return;
  const item = { id: chapterId, voice };
  if (q.queued.has(itemKey(item))) {
    const at = q.backlog.findIndex((b) => itemKey(b) === itemKey(item));
    if (at < 0) return;
    q.backlog.splice(at, 1);
  }
  q.queued.add(itemKey(item));
  q.ids.push(item);
  startPump(q);
}

/**
 * Queues a whole book's chapters (in the order given) behind every other piece of work ahead: the pump takes one only
 * when nothing queued by `synthesizeAhead` waits, and synthesizes it at the same background priority, behind
 * listeners. A chapter already queued is not queued again. Returns how many were added.
 */
export function synthesizeBacklog(chapterIds: number[], voice = ''): number {
  const q = queue();
  let added = 0;
  for (const id of chapterIds) {
    const item = { id, voice };
    if (id < 1 || q.queued.has(itemKey(item))) continue;
    if (q.backlog.length >= MAX_BACKLOG) break;
    q.queued.add(itemKey(item));
    q.backlog.push(item);
    added++;
  }
  if (added) startPump(q);
  return added;
}

/** Takes chapters out of the backlog in every voice (a book whose 听书 was switched off); one being made goes on. */
export function dropBacklog(chapterIds: number[]): number {
  const q = queue();
  const drop = new Set(chapterIds);
  // A chapter is in the backlog or in `ids`, never both (synthesizeAhead moves it): only backlog entries go.
  const removed = q.backlog.filter((item) => drop.has(item.id));
  if (!removed.length) return 0;
  q.backlog = q.backlog.filter((item) => !drop.has(item.id));
  for (const item of removed) q.queued.delete(itemKey(item));
  return removed.length;
}

/** How many whole-book chapters wait in this process's backlog (not counting the one being made). */
export function backlogWaiting(): number {
  return queue().backlog.length;
}

/** Chapters queued ahead and not yet started, in the order they will be taken (the console's queue). */
export function aheadWaiting(): number[] {
  return aheadWaitingItems().map((item) => item.id);
}

/** aheadWaiting with the voice of each ('' the chapter's default voice). */
export function aheadWaitingItems(): AheadItem[] {
  const q = queue();
  return [...q.ids, ...q.backlog];
}

/**
 * Starts an empty queue, as a new process would (tests of the stored backlog): the old queue's waiting chapters are
 * forgotten; a chapter it is making goes on outside the new queue.
 */
export function resetAheadQueue(): void {
  const old = holder.__shushengAudioAhead;
  if (old) {
    old.ids = [];
    old.backlog = [];
  }
  delete holder.__shushengAudioAhead;
}

/**
 * Forgets the chapters waiting and resolves when the one being made is done: the end of a test file, whose database
 * goes next (the pump's next step would otherwise ask for a database that is not there any more).
 */
export async function stopAhead(): Promise<void> {
  const q = queue();
  for (const item of [...q.ids, ...q.backlog]) q.queued.delete(itemKey(item));
  q.ids = [];
  q.backlog = [];
  await q.pumping;
}

/** Resolves when the queue is empty (tests; a graceful stop). */
export async function aheadIdle(): Promise<void> {
  while (queue().pumping) await queue().pumping;
}
