import 'server-only';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { Comment, CommentCount, CommentPage } from '@/lib/shared/dto/community';
import type { CommentListQuery } from '@/lib/shared/schemas/community';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { comments, members } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { getNovelOrThrow } from '../catalog/novels';
import { hashPositions, currentParagraphHashes, resolveAnchor } from './anchors';
import { chapterOfNovel, mayReadChapter } from './chapter-scope';
import { toComments, withAuthor } from './comment-dto';
import { publicOnly, visibleTo } from './visibility';

const EMPTY_PAGE: CommentPage = { data: [], hasmore: false, count: 0 };

const ORDER = {
  new: [desc(comments.createdAt), desc(comments.id)],
  hot: [desc(comments.likes), desc(comments.replyCount), desc(comments.createdAt), desc(comments.id)],
} as const;

/** One page of top-level comments matching `where`, with the total and whether more follow. */
async function page(
  where: SQL,
  viewerId: number | null,
  order: 'new' | 'hot' | 'thread',
  pageNo: number,
  limit: number,
  positions?: Map<string, number[]>,
): Promise<CommentPage> {
  const db = getDb();
  const orderBy = order === 'thread' ? [asc(comments.createdAt), asc(comments.id)] : ORDER[order];
  const [rows, [total]] = await Promise.all([
    db
      .select(withAuthor)
      .from(comments)
      .innerJoin(members, eq(members.id, comments.memberId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit + 1)
      .offset((pageNo - 1) * limit),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  const data = await toComments(rows.slice(0, limit), viewerId, positions);
  return { data, hasmore: rows.length > limit, count: total?.n ?? 0 };
}

/**
 * GET /v1/novels/comments (docs/community.md "Calls"): top-level comments of a novel (type 1), of a chapter
 * (type 2), of one paragraph (type 3 with paragraph_hash) or the chapter's orphaned paragraph comments (type 3
 * without it), newest or hottest first.
 */
export async function listComments(viewerId: number | null, q: CommentListQuery): Promise<CommentPage> {
  await getNovelOrThrow(q.novel_id);
  const top = and(eq(comments.novelId, q.novel_id), eq(comments.type, q.type), isNull(comments.parentId), visibleTo(viewerId))!;
  if (q.type === 1) return page(top, viewerId, q.order, q.page, q.limit);
  if (!q.chapter_id) throw invalid(SERVER_MSG.commentChapterRequired);
  await chapterOfNovel(q.novel_id, q.chapter_id);
  const inChapter = and(top, eq(comments.chapterId, q.chapter_id))!;
  if (q.type === 2) return page(inChapter, viewerId, q.order, q.page, q.limit);

  // Paragraph comments are for readers of the chapter only: anyone else gets the empty answer.
  if (!(await mayReadChapter(viewerId, q.chapter_id))) return EMPTY_PAGE;
  const hashes = await currentParagraphHashes(q.chapter_id);
  const positions = hashPositions(hashes);
  if (!q.paragraph_hash) {
    const present = [...positions.keys()];
    const orphan = present.length ? or(isNull(comments.paragraphHash), notInArray(comments.paragraphHash, present))! : undefined;
    return page(and(inChapter, orphan)!, viewerId, q.order, q.page, q.limit, positions);
  }
  const at = positions.get(q.paragraph_hash);
  if (!at) return EMPTY_PAGE; // the paragraph is gone: its comments are listed as orphans
  const onHash = and(inChapter, eq(comments.paragraphHash, q.paragraph_hash))!;
  if (at.length === 1 || q.paragraph_index < 0) return page(onHash, viewerId, q.order, q.page, q.limit, positions);
  // The same text appears more than once: keep the comments that resolve to the asked occurrence.
  const target = resolveAnchor(positions, q.paragraph_hash, q.paragraph_index);
  const candidates = await getDb().select({ id: comments.id, index: comments.paragraphIndex }).from(comments).where(onHash);
  const ids = candidates.filter((c) => resolveAnchor(positions, q.paragraph_hash!, c.index) === target).map((c) => c.id);
  if (!ids.length) return EMPTY_PAGE;
  return page(and(onHash, inArray(comments.id, ids))!, viewerId, q.order, q.page, q.limit, positions);
}

/**
 * GET /v1/novels/comments/count: public comments of the novel, chapter or paragraph kind; for type 3 with a
 * chapter also the count per paragraph anchor and per index, and the orphans (the reader's badges).
 */
export async function countComments(
  viewerId: number | null,
  q: { novel_id: number; type: 1 | 2 | 3; chapter_id?: number },
): Promise<CommentCount> {
  await getNovelOrThrow(q.novel_id);
  const db = getDb();
  let where = and(eq(comments.novelId, q.novel_id), eq(comments.type, q.type), isNull(comments.parentId), publicOnly())!;
  if (q.chapter_id) {
    await chapterOfNovel(q.novel_id, q.chapter_id);
    where = and(where, eq(comments.chapterId, q.chapter_id))!;
  }
  if (q.type !== 3 || !q.chapter_id) {
    const [total] = await db.select({ n: count() }).from(comments).where(where);
    return { count: total?.n ?? 0 };
  }
  if (!(await mayReadChapter(viewerId, q.chapter_id))) return { count: 0, paragraphs: {}, indexes: {}, orphans: 0 };
  const positions = hashPositions(await currentParagraphHashes(q.chapter_id));
  const groups = await db
    .select({ hash: comments.paragraphHash, index: comments.paragraphIndex, n: count() })
    .from(comments)
    .where(where)
    .groupBy(comments.paragraphHash, comments.paragraphIndex);
  const paragraphs: Record<string, number> = {};
  const indexes: Record<string, number> = {};
  let total = 0;
  let orphans = 0;
  for (const g of groups) {
    total += g.n;
    const at = resolveAnchor(positions, g.hash, g.index);
    if (at < 0) {
      orphans += g.n;
      continue;
    }
    paragraphs[g.hash!] = (paragraphs[g.hash!] ?? 0) + g.n;
    indexes[at] = (indexes[at] ?? 0) + g.n;
  }
  return { count: total, paragraphs, indexes, orphans };
}

/** A top-level comment this viewer may see (its thread's root), or 404. */
export async function visibleRoot(viewerId: number | null, commentId: number) {
  const [row] = await getDb()
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), visibleTo(viewerId)));
  if (!row) throw notFound(SERVER_MSG.commentNotFound);
  if (row.type === 3 && row.chapterId && !(await mayReadChapter(viewerId, row.chapterId))) throw notFound(SERVER_MSG.commentNotFound);
  return row;
}

/** GET /v1/novels/comments/replies: the replies of a top-level comment, oldest first (a thread reads down). */
export async function listReplies(viewerId: number | null, commentId: number, pageNo: number, limit: number): Promise<CommentPage> {
  const root = await visibleRoot(viewerId, commentId);
  if (root.parentId) throw notFound(SERVER_MSG.commentNotFound);
  await getNovelOrThrow(root.novelId);
  return page(and(eq(comments.parentId, root.id), visibleTo(viewerId))!, viewerId, 'thread', pageNo, limit);
}

/** One comment as the viewer sees it (the answer of the writes). */
export async function commentFor(viewerId: number | null, commentId: number): Promise<Comment> {
  const rows = await getDb()
    .select(withAuthor)
    .from(comments)
    .innerJoin(members, eq(members.id, comments.memberId))
    .where(eq(comments.id, commentId));
  const [dto] = await toComments(rows, viewerId);
  if (!dto) throw notFound(SERVER_MSG.commentNotFound);
  return dto;
}
