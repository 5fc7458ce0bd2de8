/**
 * Community answers (docs/community.md). Comment `type`: 1 book comment (书友评论; a long review is type 1 with
 * is_long_comment 1), 2 chapter comment (本章说), 3 paragraph comment (段评).
 */
export type CommentType = 1 | 2 | 3;

export type CommentStatus = 'published' | 'pending' | 'reviewing' | 'approved' | 'rejected' | 'hidden' | 'removed';

export interface Comment {
  id: number;
  novel_id: number;
  /** 0 when the comment names no chapter. */
  chapter_id: number;
  /** 0 on a top-level comment; on a reply, the top-level comment of its thread. */
  parent_id: number;
  member_id: number;
  type: CommentType;
  content: string;
  is_long_comment: 0 | 1;
  status: CommentStatus;
  likes: number;
  reply_count: number;
  /** Whether the caller liked it (false signed out). */
  liked: boolean;
  is_mine: boolean;
  nickname: string;
  headimgurl: string;
  /** YYYY-MM-DD HH:mm, Asia/Shanghai. */
  createdat: string;
  /** "" unless a paragraph comment. */
  paragraph_hash: string;
  /** The paragraph the comment sits on now (-1 when none, or when its paragraph is gone). */
  paragraph_index: number;
  /** On a reply to a reply: the nickname of the reply it answers; "" otherwise. */
  reply_to_nickname: string;
  /** The author's fan title on this novel (docs/gifts-votes-pages.md "Fan titles"), when they have fan value there. */
  fan_title?: string;
}

export interface CommentPage {
  data: Comment[];
  hasmore: boolean;
  count: number;
}

/** GET /v1/novels/comments/count; `paragraphs`, `indexes` and `orphans` only for type 3 with a chapter. */
export interface CommentCount {
  count: number;
  /** Paragraph comments per paragraph anchor still present in the chapter. */
  paragraphs?: Record<string, number>;
  /** The same per paragraph index (tells apart two paragraphs with the same text). */
  indexes?: Record<string, number>;
  /** Paragraph comments whose paragraph is gone: listed under the chapter. */
  orphans?: number;
}

export interface CommentActionResult {
  likes: number;
  liked: boolean;
  reported: boolean;
}

export type ReviewState = 'none' | 'pending' | 'reviewing' | 'approved' | 'rejected';

/** POST /v1/novels/comments/situation: the member's long review of a novel. */
export interface ReviewSituation {
  state: ReviewState;
  comment_id: number;
  content: string;
  reject_reason: string;
  reward: number;
  reward_claimed: boolean;
  createdat: string;
}

export interface RewardClaim {
  welth_coupon: number;
  /** The member's voucher balance after the claim. */
  balance: number;
}

export interface LongCommentConfig {
  min_length: number;
  max_length: number;
  reward: number;
  rules: string[];
}

export interface Message {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  createdat: string;
  read: boolean;
}

export interface MessagePage {
  data: Message[];
  hasmore: boolean;
  unread: number;
}

/** A message as the message pages list it. */
export type MessageItem = Message;

export type CommentOrder = 'hot' | 'new';

/** Comments a page of a list holds (the comments page's server-rendered first page and every 更多). */
export const COMMENTS_PAGE_SIZE = 20;

/** GET /v1/novels/comments/count with type=3&chapter_id, as the reader uses it. */
export type ParagraphCounts = Required<Pick<CommentCount, 'count' | 'paragraphs' | 'orphans'>> & Pick<CommentCount, 'indexes'>;

export const REPORT_TARGETS = ['novel', 'chapter', 'comment', 'member'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export interface ReportReason {
  value: string;
  label: string;
}

/** GET /v1/novels/comments/paragraph_tops: per paragraph hash, its comment count and its top comment (a preview). */
export interface ParagraphTops {
  paragraphs: Record<string, { count: number; top: { id: number; nickname: string; likes: number; content: string } }>;
}
