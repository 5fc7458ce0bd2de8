import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { Comment } from '@/lib/shared/dto/community';
import type { DoCommentBody, DoReplyBody } from '@/lib/shared/schemas/community';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { comments } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { getNovelOrThrow } from '../catalog/novels';
import { currentParagraphHashes, hashPositions, resolveAnchor } from './anchors';
import { chapterOfNovel, mayReadChapter } from './chapter-scope';
import { commentFor, visibleRoot } from './comments';
import { commentsChanged } from './comments-queries';
import { charCount, communityRules, contentHash, enforceCommentLimits } from './limits';
import { notify, type Notice } from './notify';
import { submitReview } from './reviews';
import { screenText } from './text-check';
import { PUBLIC_STATUSES } from './visibility';
import { inMinorsMode } from '../minors/mode';
import { MINORS_TEXT } from '@/lib/shared/minors-text';

type CommentRow = typeof comments.$inferSelect;

/** Comments are read-only in 青少年模式 (docs/minors-mode.md "What stops"): no comment, reply or review. */
async function assertMayComment(memberId: number, now: Date): Promise<void> {
  if (await inMinorsMode(memberId, getDb(), now))
    throw new ApiError(CODES.minorsMode, MINORS_TEXT.refusedComment, { minors_mode: 'comment' });
}

/** A short comment's or reply's text, trimmed and within community.comment_max_length characters. */
function shortText(raw: string): string {
  const text = raw.trim();
  if (!text) throw invalid(SERVER_MSG.commentEmpty);
  const max = communityRules().comment_max_length;
  if (charCount(text) > max) throw invalid(SERVER_MSG.commentTooLong(max));
  return text;
}

/**
 * POST /v1/novels/do_comments (docs/community.md "Calls"): a book, chapter or paragraph comment, or a long review
 * (is_long_comment). Checks run before anything is written: the novel and chapter, the paragraph anchor and the
 * member's right to read that chapter, the text filter, then the limits inside the insert's transaction.
 */
export async function postComment(memberId: number, body: DoCommentBody, now = new Date()): Promise<Comment> {
  await assertMayComment(memberId, now);
  await getNovelOrThrow(body.novel_id);
  if (body.is_long_comment) {
    if (body.type !== 1) throw invalid(SERVER_MSG.reviewOnlyBookComment);
    return submitReview(memberId, body.novel_id, body.content, now);
  }
  const content = shortText(body.content);
  let chapterId: number | null = null;
  let paragraphHash: string | null = null;
  let paragraphIndex: number | null = null;
  if (body.type !== 1) {
    if (!body.chapter_id) throw invalid(SERVER_MSG.commentChapterRequired);
    chapterId = (await chapterOfNovel(body.novel_id, body.chapter_id)).id;
  }
  if (body.type === 3) {
    if (!body.paragraph_hash) throw invalid(SERVER_MSG.commentParagraphRequired);
    if (!(await mayReadChapter(memberId, chapterId!))) throw new ApiError(CODES.forbidden, SERVER_MSG.commentParagraphLocked);
    const at = resolveAnchor(hashPositions(await currentParagraphHashes(chapterId!)), body.paragraph_hash, body.paragraph_index ?? null);
    if (at < 0) throw invalid(SERVER_MSG.commentParagraphGone);
    paragraphHash = body.paragraph_hash;
    paragraphIndex = at;
  }
  const { held } = await screenText(content);
  const hash = contentHash(content);
  const id = await getDb().transaction(async (tx) => {
    await enforceCommentLimits(tx, memberId, hash, now);
    const [row] = await tx
      .insert(comments)
      .values({
        novelId: body.novel_id,
        memberId,
        chapterId,
        type: body.type,
        content,
        status: held ? 'pending' : 'published',
        heldFor: held,
        contentHash: hash,
        paragraphHash,
        paragraphIndex,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: comments.id });
    return row!.id;
  });
  if (!held && body.type === 1) commentsChanged(body.novel_id);
  return commentFor(memberId, id);
}

/** The first characters of a text, for a notification's body. */
const excerpt = (text: string, n = 60) => ([...text].length > n ? `${[...text].slice(0, n).join('')}…` : text);

/**
 * The 'reply' message to the author answered. In a paragraph comment's thread on a chapter that author may no longer
 * read (a free window closed, a VIP period ended) the reply's text stays out — it may quote the paid paragraph — and
 * the message leads to the chapter instead (docs/community.md "Messages").
 */
async function replyNotice(to: number, root: CommentRow, content: string): Promise<Omit<Notice, 'refId'>> {
  const base = { memberId: to, kind: 'reply' as const, title: SERVER_MSG.replyNoticeTitle };
  if (root.type === 3 && root.chapterId && !(await mayReadChapter(to, root.chapterId))) {
    return { ...base, body: SERVER_MSG.replyNoticeLockedBody, link: `/m/read/${root.chapterId}?nid=${root.novelId}` };
  }
  return { ...base, body: excerpt(content), link: `/m/novels/${root.novelId}/comments?comment_id=${root.id}` };
}

/**
 * POST /v1/novels/comments/do_replies: a reply in a comment's thread. A reply to a reply joins the same thread
 * (parent_id is always the top-level comment) and names the reply it answers; the author answered is notified
 * (a 'reply' message) unless it is the replier themself, once the reply is public.
 */
export async function postReply(memberId: number, body: DoReplyBody, now = new Date()): Promise<Comment> {
  await assertMayComment(memberId, now);
  const target = await visibleRoot(memberId, body.comment_id);
  const root = target.parentId ? await visibleRoot(memberId, target.parentId) : target;
  if (root.novelId !== body.novel_id || root.parentId) throw notFound(SERVER_MSG.commentNotFound);
  if (!(PUBLIC_STATUSES as readonly string[]).includes(root.status)) throw notFound(SERVER_MSG.commentNotFound);
  await getNovelOrThrow(root.novelId);
  const content = shortText(body.content);
  const { held } = await screenText(content);
  const hash = contentHash(content);
  const notice = target.memberId === memberId ? null : await replyNotice(target.memberId, root, content);
  const id = await getDb().transaction(async (tx) => {
    await enforceCommentLimits(tx, memberId, hash, now);
    const [row] = await tx
      .insert(comments)
      .values({
        novelId: root.novelId,
        memberId,
        chapterId: root.chapterId,
        parentId: root.id,
        replyToId: target.id === root.id ? null : target.id,
        type: root.type,
        content,
        status: held ? 'pending' : 'published',
        heldFor: held,
        contentHash: hash,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: comments.id });
    if (!held) {
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1` })
        .where(and(eq(comments.id, root.id)));
      if (notice) await notify(tx, { ...notice, refId: row!.id });
    }
    return row!.id;
  });
  return commentFor(memberId, id);
}
