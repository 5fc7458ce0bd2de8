import { api } from '@/lib/client/api';
import { memberId } from '@/lib/client/identity';
import { toast } from '@/lib/client/stores/toast-store';
import type { OfflineCheck } from '@/lib/shared/dto/offline';
import { OFFLINE_TEXT } from '@/lib/shared/offline-text';
import { recheckDownloads } from './downloads';

/** Back online: drop downloads the member may no longer open (docs/offline.md "Re-check"); quiet on failure. */
export async function recheckNow(): Promise<number[]> {
  const id = Number(memberId());
  if (!id || typeof caches === 'undefined') return [];
  try {
    const removed = await recheckDownloads({ caches, fetch: window.fetch.bind(window) }, id, (ids) =>
      api<OfflineCheck>('/v1/offline/check', { query: { article_ids: ids.join(',') }, fresh: true }),
    );
    if (removed.length) toast(OFFLINE_TEXT.recheckRemoved(removed.length));
    return removed;
  } catch {
    return [];
  }
}
