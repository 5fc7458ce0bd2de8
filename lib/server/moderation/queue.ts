import 'server-only';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import { getDb } from '../db/client';
import { chapters, comments, members, novels, reports } from '../db/schema';

/** What the console's queues show (docs/console.md "Moderation queue"). */

export const QUEUE_PAGE_SIZE = 20;

/** Reported past the threshold and kept visible until a moderator decides (lib/server/social/reports.ts). */
const flagged = and(isNotNull(comments.flaggedAt), inArray(comments.status, ['published', 'approved']))!;

export interface QueueCounts {
  reviewsPending: number;
  reviewsReviewing: number;
  commentsHidden: number;
  commentsHeld: number;
  /** Reported past the threshold but kept visible (an author in good standing, an approved review). */
  commentsFlagged: number;
  reportsOpen: number;
}

export async function queueCounts(): Promise<QueueCounts> {
  const [c] = await getDb()
    .select({
      reviewsPending: sql<number>`count(*) filter (where ${comments.isLongComment} and ${comments.status} = 'pending')::int`,
      reviewsReviewing: sql<number>`count(*) filter (where ${comments.isLongComment} and ${comments.status} = 'reviewing')::int`,
      commentsHidden: sql<number>`count(*) filter (where ${comments.status} = 'hidden')::int`,
      commentsHeld: sql<number>`count(*) filter (where not ${comments.isLongComment} and ${comments.status} = 'pending')::int`,
      commentsFlagged: sql<number>`count(*) filter (where ${flagged})::int`,
    })
    .from(comments)
    .where(or(inArray(comments.status, ['pending', 'reviewing', 'hidden']), flagged));
  const [r] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.status, 'open'));
  return { ...c!, reportsOpen: r!.n };
}

export interface QueueComment {
  id: number;
  novelId: number;
  novelTitle: string;
  chapterId: number | null;
  chapterTitle: string | null;
  memberId: number;
  nickname: string | null;
  type: number;
  content: string;
  isLongComment: boolean;
  status: string;
  reportCount: number;
  /** The reports weighted by their senders (docs/community.md "Report weighting"). */
  reportScore: number;
  /** Set while it is flagged: reported past the threshold, still visible, waiting for a decision. */
  flaggedAt: Date | null;
  heldFor: string | null;
  rejectReason: string | null;
  paragraphIndex: number | null;
  /** For a paragraph comment: the chapter's paragraph at the index it was written against, if it still exists. */
  paragraphText: string | null;
  createdAt: Date;
}

const commentFields = {
  id: comments.id,
  novelId: comments.novelId,
  novelTitle: novels.title,
  chapterId: comments.chapterId,
  chapterTitle: chapters.title,
  memberId: comments.memberId,
  nickname: members.nickname,
  type: comments.type,
  content: comments.content,
  isLongComment: comments.isLongComment,
  status: comments.status,
  reportCount: comments.reportCount,
  reportScore: comments.reportScore,
  flaggedAt: comments.flaggedAt,
  heldFor: comments.heldFor,
  rejectReason: comments.rejectReason,
  paragraphIndex: comments.paragraphIndex,
  chapterContent: sql<string | null>`case when ${comments.type} = 3 then ${chapters.content} end`,
  createdAt: comments.createdAt,
};

type Raw = { [K in keyof typeof commentFields]: unknown } & Omit<QueueComment, 'paragraphText'> & { chapterContent: string | null };

function shape(row: Raw): QueueComment {
  const { chapterContent, ...rest } = row;
  const index = row.paragraphIndex ?? -1;
  const paragraphText = chapterContent && index >= 0 ? (splitParagraphs(chapterContent)[index] ?? null) : null;
  return { ...rest, paragraphText };
}

function commentQuery() {
  return getDb()
    .select(commentFields)
    .from(comments)
    .innerJoin(novels, eq(novels.id, comments.novelId))
    .leftJoin(chapters, eq(chapters.id, comments.chapterId))
    .leftJoin(members, eq(members.id, comments.memberId));
}

function page<T>(rows: T[]): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, QUEUE_PAGE_SIZE), hasMore: rows.length > QUEUE_PAGE_SIZE };
}

/** Long reviews waiting: oldest first, so nobody waits forever. */
export async function reviewQueue(pageNo = 1) {
  const rows = await commentQuery()
    .where(and(eq(comments.isLongComment, true), inArray(comments.status, ['pending', 'reviewing'])))
    .orderBy(comments.createdAt, comments.id)
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((Math.max(1, pageNo) - 1) * QUEUE_PAGE_SIZE);
  return page((rows as Raw[]).map(shape));
}

/**
 * Comments reported past the threshold — flagged ones first (still visible, so they matter most), heaviest reports
 * first — then those hidden by reports and short comments the filter held, paragraph comments included, oldest first.
 */
export async function commentQueue(pageNo = 1) {
  const rows = await commentQuery()
    .where(or(flagged, eq(comments.status, 'hidden'), and(eq(comments.isLongComment, false), eq(comments.status, 'pending'))))
    .orderBy(
      sql`${comments.flaggedAt} is null`,
      desc(sql`case when ${comments.flaggedAt} is not null then ${comments.reportScore} end`),
      comments.createdAt,
      comments.id,
    )
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((Math.max(1, pageNo) - 1) * QUEUE_PAGE_SIZE);
  return page((rows as Raw[]).map(shape));
}

export async function findQueueComment(id: number): Promise<QueueComment | null> {
  const [row] = await commentQuery().where(eq(comments.id, id));
  return row ? shape(row as Raw) : null;
}

export interface QueueReport {
  id: number;
  memberId: number;
  nickname: string | null;
  targetType: string;
  targetId: number | null;
  reason: string;
  content: string;
  contact: string | null;
  status: string;
  createdAt: Date;
  /** For a comment report: the comment's text and state, and how many reported it (raw and weighted). */
  comment: { id: number; novelId: number; content: string; status: string; reportCount: number; reportScore: number } | null;
}

/** Open reports, oldest first, with the reported comment's text when the target is a comment. */
export async function reportQueue(pageNo = 1) {
  const rows = await getDb()
    .select({
      id: reports.id,
      memberId: reports.memberId,
      nickname: members.nickname,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      content: reports.content,
      contact: reports.contact,
      status: reports.status,
      createdAt: reports.createdAt,
      commentId: comments.id,
      commentNovelId: comments.novelId,
      commentContent: comments.content,
      commentStatus: comments.status,
      commentReportCount: comments.reportCount,
      commentReportScore: comments.reportScore,
    })
    .from(reports)
    .leftJoin(members, eq(members.id, reports.memberId))
    .leftJoin(comments, and(eq(reports.targetType, 'comment'), eq(comments.id, reports.targetId)))
    .where(eq(reports.status, 'open'))
    .orderBy(reports.createdAt, reports.id)
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((Math.max(1, pageNo) - 1) * QUEUE_PAGE_SIZE);
  return page(
    rows.map(({ commentId, commentNovelId, commentContent, commentStatus, commentReportCount, commentReportScore, ...r }): QueueReport => ({
      ...r,
      comment: commentId
        ? {
            id: commentId,
            novelId: commentNovelId!,
            content: commentContent!,
            status: commentStatus!,
            reportCount: commentReportCount!,
            reportScore: commentReportScore!,
          }
        : null,
    })),
  );
}
