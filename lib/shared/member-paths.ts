import { returnPathOr } from './return-path';

/**
 * The page's own path and query, set by the route guard (proxy.ts) on every page request it passes on, so a
 * server render can name where the reader was (the unblock page's `return`). Whatever a client sends under this
 * name is overwritten there, and the value is validated with returnPath before it is used.
 */
export const PAGE_PATH_HEADER = 'x-shusheng-page-path';

/** Where a blocked member is sent (docs/members.md "Unblock page"), with where they were as the way back. */
export function unblockPath(here: string): string {
  return `/embedded/my/unblock?return=${encodeURIComponent(returnPathOr(here, '/m'))}`;
}

/** The follow page for a chapter (docs/members.md "Follow page"). */
export function followPath(articleId: number, rlid?: string | null): string {
  const q = new URLSearchParams({ article_id: String(articleId) });
  if (rlid) q.set('rlid', rlid);
  return `/follow?${q}`;
}
