import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { MSG } from '@/lib/shared/messages';
import type { ReportReason, ReportTarget } from '@/lib/shared/report-reasons';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type Tx } from '../db/client';
import { chapters, commentActions, comments, members, novels, reports } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { communityRules, enforceReportLimit } from './limits';
import { commentsChanged } from './comments-queries';
import { visibleTo } from './visibility';
import { inGoodStanding, reporterWeight } from './report-weight';
import { mayReadChapter } from './chapter-scope';

type CommentRow = typeof comments.$inferSelect;

export interface ReportInput {
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  content: string;
  contact?: string;
}

/**
 * One member, one open report per target (docs/community.md "Reports"): a second report of the same target while
 * the first is open answers the first one's id and writes nothing. The advisory lock makes that hold under
 * concurrent submissions; the daily cap (community.reports_daily_cap) counts only reports actually filed.
 */
async function fileInTx(tx: Tx, memberId: number, r: ReportInput, now: Date): Promise<{ id: number; fresh: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${memberId}, hashtext(${`report:${r.targetType}:${r.targetId}`}))`);
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.memberId, memberId),
        eq(reports.targetType, r.targetType),
        eq(reports.targetId, r.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  if (open) return { id: open.id, fresh: false };
  await enforceReportLimit(tx, memberId, now);
  const [row] = await tx
    .insert(reports)
    .values({
      memberId,
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      content: r.content.trim(),
      contact: r.contact?.trim() || null,
      createdAt: now,
    })
    .returning({ id: reports.id });
  return { id: row!.id, fresh: true };
}

/**
 * Counts a member's report of a comment once (comment_actions 'report'): reportCount by one, reportScore by the
 * reporter's weight (report-weight.ts). When the score reaches community.hide_after_reports a published comment
 * turns 'hidden' until a moderator restores or removes it — unless its author is in good standing, or it is an
 * approved long review (a moderator already read it): those stay visible, flagged at the top of the moderation
 * queue. Returns whether the comment was hidden now.
 */
async function countCommentReport(tx: Tx, memberId: number, comment: CommentRow, now: Date): Promise<boolean> {
  const [fresh] = await tx
    .insert(commentActions)
    .values({ commentId: comment.id, memberId, action: 'report' })
    .onConflictDoNothing()
    .returning({ id: commentActions.id });
  if (!fresh) return false;
  const weight = await reporterWeight(tx, memberId, now);
  const [after] = await tx
    .update(comments)
    .set({ reportCount: sql`${comments.reportCount} + 1`, reportScore: sql`${comments.reportScore} + ${weight}` })
    .where(eq(comments.id, comment.id))
    .returning({ reportScore: comments.reportScore, status: comments.status, flaggedAt: comments.flaggedAt });
  const { status, reportScore, flaggedAt } = after!;
  if (weight === 0 || flaggedAt || reportScore < communityRules().hide_after_reports) return false;
  if (status === 'approved' || (status === 'published' && (await inGoodStanding(tx, comment.memberId, now)))) {
    await tx
      .update(comments)
      .set({ flaggedAt: now })
      .where(and(eq(comments.id, comment.id), isNull(comments.flaggedAt)));
    return false;
  }
  if (status !== 'published') return false;
  await tx
    .update(comments)
    .set({ status: 'hidden' })
    .where(and(eq(comments.id, comment.id), eq(comments.status, 'published')));
  return true;
}

/** A comment the member may report: one they can see, not their own. */
export async function reportableComment(
  memberId: number,
  commentId: number,
  missing: string = SERVER_MSG.commentNotFound,
): Promise<CommentRow> {
  const [c] = await getDb()
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), visibleTo(memberId)));
  if (!c || (c.type === 3 && c.chapterId && !(await mayReadChapter(memberId, c.chapterId)))) throw notFound(missing);
  if (c.memberId === memberId) throw invalid(SERVER_MSG.reportOwnContent);
  return c;
}

/** Reports a comment (from its menu or the report page): the report row for staff, and the weighted count. */
export async function reportComment(
  memberId: number,
  comment: CommentRow,
  r: Omit<ReportInput, 'targetType' | 'targetId'>,
  now = new Date(),
) {
  const out = await getDb().transaction(async (tx) => {
    const filed = await fileInTx(tx, memberId, { ...r, targetType: 'comment', targetId: comment.id }, now);
    const hidden = await countCommentReport(tx, memberId, comment, now);
    return { ...filed, hidden };
  });
  if (out.hidden) commentsChanged(comment.novelId);
  return { id: out.id };
}

async function assertTarget(memberId: number, type: ReportTarget, id: number): Promise<void> {
  const db = getDb();
  const missing = () => notFound(SERVER_MSG.reportTargetMissing);
  if (type === 'novel') {
    if (!(await db.select({ id: novels.id }).from(novels).where(eq(novels.id, id))).length) throw missing();
  } else if (type === 'chapter') {
    if (!(await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, id))).length) throw notFound(MSG.chapterMissing);
  } else if (type === 'member') {
    if (id === memberId) throw invalid(SERVER_MSG.reportOwnContent);
    const found = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, id), isNull(members.mergedIntoId), ne(members.id, memberId)));
    if (!found.length) throw missing();
  }
}

/** POST /v1/reports: a report of a novel, chapter, comment or member; the target must exist. */
export async function fileReport(memberId: number, r: ReportInput, now = new Date()): Promise<{ id: number }> {
  if (r.targetType === 'comment') {
    return reportComment(memberId, await reportableComment(memberId, r.targetId, SERVER_MSG.reportTargetMissing), r, now);
  }
  await assertTarget(memberId, r.targetType, r.targetId);
  const { id } = await getDb().transaction((tx) => fileInTx(tx, memberId, r, now));
  return { id };
}
