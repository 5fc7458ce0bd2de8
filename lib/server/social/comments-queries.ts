import 'server-only';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Comment } from '@/lib/shared/dto/community';
import { getDb } from '../db/client';
import { comments, members } from '../db/schema';
import { cachedRead, invalidate } from '../core/cache';
import { toComments, withAuthor } from './comment-dto';
import { publicOnly } from './visibility';

const bookComments = (novelId: number) => and(eq(comments.novelId, novelId), eq(comments.type, 1), isNull(comments.parentId), publicOnly());

/**
 * The novel page's 书友评论 block: the public book comments' count and the newest few, as the Comment DTO seen by
 * nobody in particular (cached for everyone; liked and is_mine are false). Dropped by commentsChanged().
 */
export const getCommentPreview = cachedRead(
  'comment_preview',
  async (novelId: number, n: number): Promise<{ count: number; data: Comment[] }> => {
    const db = getDb();
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(comments).where(bookComments(novelId)),
      db
        .select(withAuthor)
        .from(comments)
        .innerJoin(members, eq(members.id, comments.memberId))
        .where(bookComments(novelId))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(n),
    ]);
    return { count: total?.n ?? 0, data: await toComments(rows, null) };
  },
  (novelId) => [`novel:${novelId}:comments`],
);

/**
 * A novel's public comments changed (a new comment, one hidden by reports, a moderator's decision): drop its cached
 * preview. Moderation actions call this too (docs/community.md "Caching").
 */
export function commentsChanged(novelId: number): void {
  void invalidate(`novel:${novelId}:comments`);
}
