import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { CommentActionResult } from '@/lib/shared/dto/community';
import type { ReportReason } from '@/lib/shared/report-reasons';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { commentActions, comments } from '../db/schema';
import { notFound } from '../core/errors';
import { getNovelOrThrow } from '../catalog/novels';
import { mayReadChapter } from './chapter-scope';
import { reportableComment, reportComment } from './reports';
import { visibleTo } from './visibility';

/**
 * POST /v1/novels/comments/user_action (docs/community.md "Calls"): like, unlike or report a comment or reply the
 * member can see. Each is once per member — the unique (comment, member, action) row is the record, and the
 * counter moves only when that row was really added or removed, so replays and races never double count.
 */
export async function commentAction(
  memberId: number,
  commentId: number,
  action: 'like' | 'unlike' | 'report',
  reason: ReportReason = 'other',
  now = new Date(),
): Promise<CommentActionResult> {
  if (action === 'report') {
    await reportComment(memberId, await reportableComment(memberId, commentId), { reason, content: '' }, now);
  } else {
    const [c] = await getDb()
      .select({ id: comments.id, novelId: comments.novelId, type: comments.type, chapterId: comments.chapterId })
      .from(comments)
      .where(and(eq(comments.id, commentId), visibleTo(memberId)));
    if (!c || (c.type === 3 && c.chapterId && !(await mayReadChapter(memberId, c.chapterId)))) throw notFound(SERVER_MSG.commentNotFound);
    await getNovelOrThrow(c.novelId);
    await getDb().transaction(async (tx) => {
      const mine = and(eq(commentActions.commentId, c.id), eq(commentActions.memberId, memberId), eq(commentActions.action, 'like'));
      const changed =
        action === 'like'
          ? await tx
              .insert(commentActions)
              .values({ commentId: c.id, memberId, action: 'like' })
              .onConflictDoNothing()
              .returning({ id: commentActions.id })
          : await tx.delete(commentActions).where(mine).returning({ id: commentActions.id });
      if (changed.length) {
        await tx
          .update(comments)
          .set({ likes: action === 'like' ? sql`${comments.likes} + 1` : sql`greatest(${comments.likes} - 1, 0)` })
          .where(eq(comments.id, c.id));
      }
    });
  }
  const db = getDb();
  const [row] = await db.select({ likes: comments.likes }).from(comments).where(eq(comments.id, commentId));
  const acts = await db
    .select({ action: commentActions.action })
    .from(commentActions)
    .where(and(eq(commentActions.commentId, commentId), eq(commentActions.memberId, memberId)));
  return { likes: row?.likes ?? 0, liked: acts.some((a) => a.action === 'like'), reported: acts.some((a) => a.action === 'report') };
}
