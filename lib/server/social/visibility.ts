import 'server-only';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { comments } from '../db/schema';

/** Statuses everyone sees: published short comments and replies, approved long reviews (docs/community.md "States"). */
export const PUBLIC_STATUSES = ['published', 'approved'] as const;
/** Statuses only the author sees: held by the filter, or a long review waiting for or under review. */
export const AUTHOR_ONLY_STATUSES = ['pending', 'reviewing'] as const;

/** Comments this viewer may see: the public ones, and their own waiting ones. Hidden and removed ones never. */
export function visibleTo(viewerId: number | null): SQL {
  const pub = inArray(comments.status, [...PUBLIC_STATUSES]);
  return viewerId ? or(pub, and(eq(comments.memberId, viewerId), inArray(comments.status, [...AUTHOR_ONLY_STATUSES])))! : pub;
}

/** The comments counted in public figures (counts, badges, the novel page). */
export const publicOnly = (): SQL => inArray(comments.status, [...PUBLIC_STATUSES]);
