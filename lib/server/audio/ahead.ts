import 'server-only';
import { log } from '../logger';
import { ensureChapterAudio } from './jobs';
import { loadAudioSource } from './source';

/** Chapters waiting to be synthesized ahead; more are dropped (they will be made when someone listens). */
const MAX_QUEUED = 1000;

interface AheadQueue {
  ids: number[];
  queued: Set<number>;
  pumping: Promise<void> | null;
}
const holder = globalThis as typeof globalThis & { __shushengAudioAhead?: AheadQueue };
const queue = (): AheadQueue => (holder.__shushengAudioAhead ??= { ids: [], queued: new Set(), pumping: null });

async function pump(q: AheadQueue): Promise<void> {
  for (let id = q.ids.shift(); id !== undefined; id = q.ids.shift()) {
    try {
      const source = await loadAudioSource(id);
      if (source?.voice && source.key && !source.isOffShelf) {
        const job = await ensureChapterAudio(source.key, source.voice, source.paragraphs, 'ahead');
        await job?.done;
      }
    } catch (err) {
      log('warn', 'audio_ahead_failed', { chapterId: id, err });
    } finally {
      q.queued.delete(id);
    }
  }
}

/**
 * Queues a chapter for synthesis before anyone asks for it (the next chapter of one being listened to, a newly
 * published chapter). One chapter at a time, at background priority: it never delays a listener's first audio.
 */
export function synthesizeAhead(chapterId: number): void {
  const q = queue();
  if (chapterId < 1 || q.queued.has(chapterId) || q.ids.length >= MAX_QUEUED) return;
  q.queued.add(chapterId);
  q.ids.push(chapterId);
  q.pumping ??= pump(q).finally(() => {
    q.pumping = null;
  });
}

/** Chapters queued ahead and not yet started, in order (the console's queue, docs/listening.md "Operations"). */
export function aheadWaiting(): number[] {
  return [...queue().ids];
}

/** Resolves when the queue is empty (tests; a graceful stop). */
export async function aheadIdle(): Promise<void> {
  while (queue().pumping) await queue().pumping;
}
