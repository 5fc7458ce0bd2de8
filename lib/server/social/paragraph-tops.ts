import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ParagraphTops } from '@/lib/shared/dto/community';
import { getDb } from '../db/client';
import { comments, members } from '../db/schema';
import { getNovelOrThrow } from '../catalog/novels';
import { countComments } from './comments';
import { chapterOfNovel, mayReadChapter } from './chapter-scope';
import { publicOnly } from './visibility';

/** A top comment's text is a one-line preview under the player; the thread shows it whole. */
export const TOP_PREVIEW_CHARS = 60;

/**
 * GET /v1/novels/comments/paragraph_tops?novel_id&chapter_id (docs/listening.md "Comments while listening"): for
 * every paragraph of the chapter with comments, its count and its top comment (most liked, then most replied,
 * then newest) — fetched once per chapter so the listen page looks the spoken paragraph up locally. Public
 * comments only; a chapter the viewer may not read answers nothing, like the counts.
 */
export async function paragraphTops(viewerId: number | null, q: { novel_id: number; chapter_id: number }): Promise<ParagraphTops> {
  await getNovelOrThrow(q.novel_id);
  await chapterOfNovel(q.novel_id, q.chapter_id);
  if (!(await mayReadChapter(viewerId, q.chapter_id))) return { paragraphs: {} };
  const counted = await countComments(viewerId, { novel_id: q.novel_id, type: 3, chapter_id: q.chapter_id });
  const hashes = Object.keys(counted.paragraphs ?? {});
  if (!hashes.length) return { paragraphs: {} };
  // One row per anchor: Postgres's DISTINCT ON picks the first of each hash in the hot order.
  const rows = await getDb()
    .selectDistinctOn([comments.paragraphHash], {
      hash: comments.paragraphHash,
      id: comments.id,
      content: comments.content,
      likes: comments.likes,
      nickname: members.nickname,
    })
    .from(comments)
    .innerJoin(members, eq(members.id, comments.memberId))
    .where(
      and(
        eq(comments.novelId, q.novel_id),
        eq(comments.chapterId, q.chapter_id),
        eq(comments.type, 3),
        isNull(comments.parentId),
        publicOnly(),
      ),
    )
    .orderBy(comments.paragraphHash, desc(comments.likes), desc(comments.replyCount), desc(comments.createdAt), desc(comments.id));
  const paragraphs: ParagraphTops['paragraphs'] = {};
  for (const r of rows) {
    const n = r.hash ? counted.paragraphs?.[r.hash] : undefined;
    if (!r.hash || !n) continue; // an orphan (its paragraph was edited away) is not under any paragraph
    const text = [...r.content];
    paragraphs[r.hash] = {
      count: n,
      top: {
        id: r.id,
        nickname: r.nickname ?? '',
        likes: r.likes,
        content: text.length > TOP_PREVIEW_CHARS ? `${text.slice(0, TOP_PREVIEW_CHARS).join('')}…` : r.content,
      },
    };
  }
  return { paragraphs };
}
