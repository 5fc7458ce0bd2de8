import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { fanTitle } from '@/lib/shared/rewards';
import type { Comment, CommentStatus, CommentType } from '@/lib/shared/dto/community';
import { getDb, type DbOrTx } from '../db/client';
import { commentActions, comments, fanValues, members } from '../db/schema';
import { DEFAULT_AVATAR, GUEST_NAME } from '../core/display';
import { resolveAnchor } from './anchors';

export type CommentRow = typeof comments.$inferSelect;
export interface CommentWithAuthor {
  c: CommentRow;
  nickname: string | null;
  avatar: string | null;
}

/** The columns every comment read selects: the comment and its author's name and avatar. */
export const withAuthor = { c: comments, nickname: members.nickname, avatar: members.avatar };

/**
 * Comment rows as the API's Comment DTO (docs/community.md "Comment"), for one viewer: whether they liked each,
 * whether it is theirs, the nickname a reply answers. `positions` (the chapter's current paragraph hashes) places
 * paragraph comments on the paragraph they sit on now; without it the index they were written at is shown.
 */
export async function toComments(
  rows: CommentWithAuthor[],
  viewerId: number | null,
  positions?: Map<string, number[]>,
  db: DbOrTx = getDb(),
): Promise<Comment[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.c.id);
  const liked = new Set<number>();
  if (viewerId) {
    const mine = await db
      .select({ id: commentActions.commentId })
      .from(commentActions)
      .where(and(eq(commentActions.memberId, viewerId), eq(commentActions.action, 'like'), inArray(commentActions.commentId, ids)));
    for (const m of mine) liked.add(m.id);
  }
  const replyToIds = [...new Set(rows.flatMap((r) => (r.c.replyToId ? [r.c.replyToId] : [])))];
  const replyTo = new Map<number, string>();
  if (replyToIds.length) {
    const names = await db
      .select({ id: comments.id, nickname: members.nickname })
      .from(comments)
      .innerJoin(members, eq(members.id, comments.memberId))
      .where(inArray(comments.id, replyToIds));
    for (const n of names) replyTo.set(n.id, n.nickname || GUEST_NAME);
  }
  const titles = await fanTitles(rows, db);
  return rows.map((r) => {
    const comment = toComment(r, viewerId, liked.has(r.c.id), r.c.replyToId ? (replyTo.get(r.c.replyToId) ?? GUEST_NAME) : '', positions);
    const title = titles.get(`${r.c.memberId}:${r.c.novelId}`);
    return title ? { ...comment, fan_title: title } : comment;
  });
}

/**
 * Each author's fan title for the novel the comment is on (docs/gifts-votes.md "Fan value and titles"): one read for the
 * page; a member who has spent nothing on the novel carries no badge.
 */
async function fanTitles(rows: CommentWithAuthor[], db: DbOrTx): Promise<Map<string, string>> {
  const memberIds = [...new Set(rows.map((r) => r.c.memberId))];
  const novelIds = [...new Set(rows.map((r) => r.c.novelId))];
  const found = await db
    .select({ memberId: fanValues.memberId, novelId: fanValues.novelId, value: fanValues.value })
    .from(fanValues)
    .where(and(inArray(fanValues.memberId, memberIds), inArray(fanValues.novelId, novelIds)));
  return new Map(found.filter((f) => f.value > 0).map((f) => [`${f.memberId}:${f.novelId}`, fanTitle(f.value).title]));
}

export function toComment(
  { c, nickname, avatar }: CommentWithAuthor,
  viewerId: number | null,
  liked: boolean,
  replyToNickname: string,
  positions?: Map<string, number[]>,
): Comment {
  const paragraphIndex =
    c.type !== 3 || !c.paragraphHash
      ? -1
      : positions
        ? resolveAnchor(positions, c.paragraphHash, c.paragraphIndex)
        : (c.paragraphIndex ?? -1);
  return {
    id: c.id,
    novel_id: c.novelId,
    chapter_id: c.chapterId ?? 0,
    parent_id: c.parentId ?? 0,
    member_id: c.memberId,
    type: c.type as CommentType,
    content: c.content,
    is_long_comment: c.isLongComment ? 1 : 0,
    status: c.status as CommentStatus,
    likes: c.likes,
    reply_count: c.replyCount,
    liked,
    is_mine: viewerId !== null && viewerId === c.memberId,
    nickname: nickname || GUEST_NAME,
    headimgurl: avatar || DEFAULT_AVATAR,
    createdat: formatBusinessTime(c.createdAt),
    paragraph_hash: c.paragraphHash ?? '',
    paragraph_index: paragraphIndex,
    reply_to_nickname: replyToNickname,
  };
}
