/**
 * What the community calls hand the browser (docs/community-pages.md): comments, the reader's paragraph counts, the
 * member's long review, the long-review rules, report reasons and messages. Shared so client islands can type them.
 */

/** 1 book comment (书友评论; long reviews are type 1 with is_long_comment 1), 2 chapter comment (本章说), 3 paragraph comment (段评). */
export type CommentType = 1 | 2 | 3;
export type CommentOrder = 'hot' | 'new';

/** Comments a page of a list holds (the comments page's server-rendered first page and every 更多). */
export const COMMENTS_PAGE_SIZE = 20;

export interface Comment {
  id: number;
  novel_id: number;
  /** 0 when the comment is not about a chapter. */
  chapter_id: number;
  /** 0 for a top-level comment. */
  parent_id: number;
  member_id: number;
  type: CommentType;
  content: string;
  is_long_comment: 0 | 1;
  status: string;
  likes: number;
  reply_count: number;
  /** Whether the caller liked it. */
  liked: boolean;
  /** Whether the caller wrote it. */
  is_mine: boolean;
  nickname: string;
  headimgurl: string;
  /** YYYY-MM-DD HH:mm, Asia/Shanghai. */
  createdat: string;
  /** '' when not a paragraph comment. */
  paragraph_hash: string;
  /** -1 when not a paragraph comment. */
  paragraph_index: number;
  /** On a reply to a reply: whom it answers; '' otherwise. */
  reply_to_nickname: string;
}

export interface CommentPage {
  data: Comment[];
  hasmore: boolean;
  count: number;
}

/** GET /v1/novels/comments/count with type=3&chapter_id: per paragraph hash, and those whose paragraph is gone. */
export interface ParagraphCounts {
  count: number;
  paragraphs: Record<string, number>;
  orphans: number;
}

export type ReviewState = 'none' | 'pending' | 'reviewing' | 'approved' | 'rejected';

/** POST /v1/novels/comments/situation: the member's long review of one novel. */
export interface ReviewSituation {
  state: ReviewState;
  comment_id: number;
  content: string;
  reject_reason: string;
  reward: number;
  reward_claimed: boolean;
  createdat: string;
}

/** GET /v1/config/long_comment */
export interface LongCommentConfig {
  min_length: number;
  max_length: number;
  reward: number;
  rules: string[];
}

export const REPORT_TARGETS = ['novel', 'chapter', 'comment', 'member'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export interface ReportReason {
  value: string;
  label: string;
}

export interface MessageItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  /** A same-site path the message leads to, or null/''. */
  link: string | null;
  createdat: string;
  read: boolean;
}

export interface MessagePage {
  data: MessageItem[];
  hasmore: boolean;
  unread: number;
}

/** POST /v1/novels/comments/user_action */
export interface CommentActionResult {
  likes: number;
  liked: boolean;
  reported: boolean;
}
