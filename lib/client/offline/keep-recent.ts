import type { ReadChapter } from '@/lib/shared/dto/reading';
import { memberId } from '../identity';

/**
 * Tells the service worker the chapter this reader shows, so it keeps the chapter (and prefetches the next) on the
 * device for offline reading (docs/offline.md "Recent chapters"). The worker decides the cache from who the page
 * says is signed in and the chapter's access; a locked chapter is never sent. Without a worker (development, an
 * old browser) nothing happens.
 */
export function keepRecent(chapter: ReadChapter): void {
  if (chapter.locked || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const id = Number(memberId()) || null;
  const message = {
    type: 'recent',
    ...{ id, aid: chapter.id, nid: chapter.novel_id, title: chapter.title, novel: chapter.novel.title },
    ...{ access: chapter.access, next: chapter.next_id },
  };
  void navigator.serviceWorker.ready.then((r) => r.active?.postMessage(message)).catch(() => undefined);
}
