import 'server-only';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { formatDateTime } from '@/lib/shared/time';
import { getDb } from '../db/client';
import { comments, members } from '../db/schema';
import { cachedRead } from '../cache';
import { DEFAULT_AVATAR } from '../accounts/profile';
import { GUEST_NAME } from './tips-queries';

export interface CommentPreview {
  id: number;
  content: string;
  nickname: string;
  headimgurl: string;
  createdat: string;
  likes: number;
  is_long_comment: boolean;
}

const visible = (novelId: number) => and(eq(comments.novelId, novelId), isNull(comments.parentId), eq(comments.status, 'published'));

/** Published top-level comments of a novel: the count and the newest few, for the novel page. */
export const getCommentPreview = cachedRead(
  'comment_preview',
  async (novelId: number, n: number): Promise<{ count: number; data: CommentPreview[] }> => {
    const db = getDb();
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(comments).where(visible(novelId)),
      db
        .select({ c: comments, nickname: members.nickname, avatar: members.avatar })
        .from(comments)
        .innerJoin(members, eq(members.id, comments.memberId))
        .where(visible(novelId))
        .orderBy(desc(comments.createdAt))
        .limit(n),
    ]);
    return {
      count: total?.n ?? 0,
      data: rows.map((r) => ({
        id: r.c.id,
        content: r.c.content,
        likes: r.c.likes,
        is_long_comment: r.c.isLongComment,
        nickname: r.nickname || GUEST_NAME,
        headimgurl: r.avatar || DEFAULT_AVATAR,
        createdat: formatDateTime(r.c.createdAt),
      })),
    };
  },
  (novelId) => [`novel:${novelId}:comments`],
);
