import 'server-only';
import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type Tx } from '../db/client';
import { comments, reports } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { commentsChanged } from '../social/comments-queries';
import { getFlag } from '../config/flags';
import { notify } from '../social/notify';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

/**
 * The moderators' actions (docs/console.md "Moderation actions"). Each one: the role check, a state check done
 * by the UPDATE itself (so two moderators clicking at once cannot both act, and a repeated click changes nothing
 * and sends no second message), the audit row and any message in the same transaction, then the novel's comment
 * cache is dropped.
 */

export const REASON_MAX = 200;

type CommentRow = typeof comments.$inferSelect;

function requireText(text: string | undefined, missing: string): string {
  const value = (text ?? '').trim();
  if (!value) throw invalid(missing);
  if (value.length > REASON_MAX) throw invalid(SERVER_MSG.moderationReasonTooLong);
  return value;
}

/** Updates the comment only while it is in one of `from`; otherwise says why nothing happened. */
async function moveComment(tx: Tx, id: number, where: SQL | undefined, set: Partial<CommentRow>): Promise<CommentRow> {
  const [row] = await tx
    .update(comments)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(comments.id, id), where))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.id, id));
  throw exists ? new ApiError(CODES.conflict, SERVER_MSG.moderationStale) : notFound(SERVER_MSG.moderationCommentMissing);
}

const isReview = eq(comments.isLongComment, true);

/** A moderator opened a pending review: it shows as 'reviewing' to its author and to other moderators. */
export async function openReview(actor: StaffActor, id: number): Promise<boolean> {
  assertCan(actor, 'moderation');
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(comments)
      .set({ status: 'reviewing', reviewedBy: actor.id, updatedAt: new Date() })
      .where(and(eq(comments.id, id), isReview, eq(comments.status, 'pending')))
      .returning({ id: comments.id });
    if (!row) return false;
    await writeAudit(tx, { staffId: actor.id, action: 'review.open', targetType: 'comment', targetId: id, ip: actor.ip });
    return true;
  });
}

/** pending | reviewing → approved, with the configured reward made claimable; one message says so. */
export async function approveReview(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, 'moderation');
  const reward = (await getFlag('community')).long_review_reward;
  const row = await getDb().transaction(async (tx) => {
    const now = new Date();
    const review = await moveComment(tx, id, and(isReview, inArray(comments.status, ['pending', 'reviewing'])), {
      status: 'approved',
      rewardAmount: reward,
      rejectReason: null,
      reviewedBy: actor.id,
      reviewedAt: now,
    });
    await notify(tx, {
      memberId: review.memberId,
      kind: 'review_approved',
      title: SERVER_MSG.reviewApprovedTitle,
      body: SERVER_MSG.reviewApprovedBody(reward),
      link: `/m/novels/${review.novelId}/comment`,
      refId: review.id,
    });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'review.approve',
      targetType: 'comment',
      targetId: id,
      detail: { reward },
      ip: actor.ip,
    });
    return review;
  });
  commentsChanged(row.novelId);
}

/** pending | reviewing → rejected with the reason, which the author reads in the message and may answer by re-editing. */
export async function rejectReview(actor: StaffActor, id: number, reason: string): Promise<void> {
  assertCan(actor, 'moderation');
  const why = requireText(reason, SERVER_MSG.moderationReasonRequired);
  const row = await getDb().transaction(async (tx) => {
    const review = await moveComment(tx, id, and(isReview, inArray(comments.status, ['pending', 'reviewing'])), {
      status: 'rejected',
      rejectReason: why,
      reviewedBy: actor.id,
      reviewedAt: new Date(),
    });
    await notify(tx, {
      memberId: review.memberId,
      kind: 'review_rejected',
      title: SERVER_MSG.reviewRejectedTitle,
      body: SERVER_MSG.reviewRejectedBody(why),
      link: `/m/novels/${review.novelId}/comment`,
      refId: review.id,
    });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'review.reject',
      targetType: 'comment',
      targetId: id,
      detail: { reason: why },
      ip: actor.ip,
    });
    return review;
  });
  commentsChanged(row.novelId);
}

/**
 * Closes the comment's open reports with the decision just taken on it — `handled` when it was taken down, `dismissed`
 * when it was kept — and tells each reporter with the standard line. Dismissed reports are what makes a reporter
 * weigh less later (docs/community.md "Report weighting"). Returns how many were closed.
 */
async function closeCommentReports(tx: Tx, actor: StaffActor, commentId: number, status: 'handled' | 'dismissed'): Promise<number> {
  const resolution = status === 'handled' ? SERVER_MSG.reportUpheldDefault : SERVER_MSG.reportDismissedDefault;
  const closed = await tx
    .update(reports)
    .set({ status, resolution, handledBy: actor.id, handledAt: new Date() })
    .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, commentId), eq(reports.status, 'open')))
    .returning({ id: reports.id, memberId: reports.memberId });
  for (const r of closed) {
    await notify(tx, { memberId: r.memberId, kind: 'report_handled', title: SERVER_MSG.reportHandledTitle, body: resolution, refId: r.id });
  }
  return closed.length;
}

/**
 * Any visible or held comment (an approved review included) → removed; its open reports are upheld. The reason is
 * kept in the audit row.
 */
export async function takeDown(actor: StaffActor, id: number, reason?: string): Promise<void> {
  assertCan(actor, 'moderation');
  const why = (reason ?? '').trim().slice(0, REASON_MAX);
  const row = await getDb().transaction(async (tx) => {
    const comment = await moveComment(tx, id, inArray(comments.status, ['published', 'hidden', 'pending', 'approved']), {
      status: 'removed',
      flaggedAt: null,
      reviewedBy: actor.id,
      reviewedAt: new Date(),
    });
    const reportsClosed = await closeCommentReports(tx, actor, id, 'handled');
    const detail = { ...(why ? { reason: why } : {}), ...(reportsClosed ? { reports_closed: reportsClosed } : {}) };
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'comment.remove',
      targetType: 'comment',
      targetId: id,
      detail: Object.keys(detail).length ? detail : undefined,
      ip: actor.ip,
    });
    return comment;
  });
  commentsChanged(row.novelId);
}

/**
 * A hidden, held or removed comment → visible again, and a flagged one (still visible) kept: its report counts back
 * to zero and its open reports dismissed (members who reported it cannot report it again; new reports count
 * afresh). A long review comes back as 'approved' — that is how a review is published — and only if it had been
 * approved before it was taken down.
 */
export async function restore(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, 'moderation');
  const row = await getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    if (!current) throw notFound(SERVER_MSG.moderationCommentMissing);
    const wasApproved = current.isLongComment && current.rewardAmount !== null;
    if (current.isLongComment && !wasApproved) throw new ApiError(CODES.conflict, SERVER_MSG.moderationReviewNotRestorable);
    const from = current.isLongComment ? ['hidden', 'removed'] : ['hidden', 'pending', 'removed'];
    const flagged = and(isNotNull(comments.flaggedAt), inArray(comments.status, ['published', 'approved']));
    const comment = await moveComment(tx, id, or(inArray(comments.status, from), flagged), {
      status: current.isLongComment ? 'approved' : 'published',
      reportCount: 0,
      reportScore: 0,
      flaggedAt: null,
      heldFor: null,
      reviewedBy: actor.id,
      reviewedAt: new Date(),
    });
    const reportsClosed = await closeCommentReports(tx, actor, id, 'dismissed');
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'comment.restore',
      targetType: 'comment',
      targetId: id,
      detail: { from: current.flaggedAt ? 'flagged' : current.status, ...(reportsClosed ? { reports_closed: reportsClosed } : {}) },
      ip: actor.ip,
    });
    return comment;
  });
  commentsChanged(row.novelId);
}

async function closeReport(actor: StaffActor, id: number, status: 'handled' | 'dismissed', resolution: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [report] = await tx
      .update(reports)
      .set({ status, resolution, handledBy: actor.id, handledAt: new Date() })
      .where(and(eq(reports.id, id), eq(reports.status, 'open')))
      .returning();
    if (!report) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
      throw exists ? new ApiError(CODES.conflict, SERVER_MSG.moderationStale) : notFound(SERVER_MSG.moderationReportMissing);
    }
    await notify(tx, {
      memberId: report.memberId,
      kind: 'report_handled',
      title: SERVER_MSG.reportHandledTitle,
      body: resolution,
      refId: report.id,
    });
    await writeAudit(tx, {
      staffId: actor.id,
      action: status === 'handled' ? 'report.handle' : 'report.dismiss',
      targetType: 'report',
      targetId: id,
      detail: { resolution },
      ip: actor.ip,
    });
  });
}

/** open → handled; the resolution is what the reporter reads. */
export async function handleReport(actor: StaffActor, id: number, resolution: string): Promise<void> {
  assertCan(actor, 'moderation');
  await closeReport(actor, id, 'handled', requireText(resolution, SERVER_MSG.moderationResolutionRequired));
}

/** open → dismissed; the reporter still hears back, with the note or a standard line. */
export async function dismissReport(actor: StaffActor, id: number, note?: string): Promise<void> {
  assertCan(actor, 'moderation');
  const text = (note ?? '').trim();
  if (text.length > REASON_MAX) throw invalid(SERVER_MSG.moderationReasonTooLong);
  await closeReport(actor, id, 'dismissed', text || SERVER_MSG.reportDismissedDefault);
}
