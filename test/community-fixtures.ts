import type { Comment, CommentPage } from '@/lib/shared/dto/community';

/** A comment as GET /v1/novels/comments hands it out (docs/community.md), for component tests. */
export const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id,
  novel_id: 1,
  chapter_id: 0,
  parent_id: 0,
  member_id: 100 + id,
  type: 1,
  content: `第${id}条评论`,
  is_long_comment: 0,
  status: 'published',
  likes: 0,
  reply_count: 0,
  liked: false,
  is_mine: false,
  nickname: `书友${id}`,
  headimgurl: '/avatars/default.png',
  createdat: '2026-11-20 10:00',
  paragraph_hash: '',
  paragraph_index: -1,
  reply_to_nickname: '',
  ...over,
});

export const page = (data: Comment[], hasmore = false, count = data.length): CommentPage => ({ data, hasmore, count });
