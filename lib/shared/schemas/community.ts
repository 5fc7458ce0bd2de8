import './zod-locale';
import { z } from 'zod';
import { idSchema, intQuery } from './common';
import { PARAGRAPH_HASH_PATTERN } from '../paragraph-hash';
import { REPORT_REASON_VALUES, REPORT_TARGETS } from '../report-reasons';

// Wire shapes of the community calls (docs/community.md "Calls").

const typeError = { error: 'type 只能是 1、2 或 3' };
/** Comment type from a query string or a body (number or digit string). */
const commentType = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], typeError)
  .transform((v) => Number(v) as 1 | 2 | 3);
/** A chapter id where 0 (or absent) means "no chapter", as the Comment DTO writes it. */
const optionalChapter = z
  .union([z.literal(0), z.literal('0'), z.literal(''), idSchema])
  .optional()
  .transform((v) => (v === 0 || v === '0' || v === '' || v === undefined ? undefined : v));
const paragraphHash = z.string().regex(PARAGRAPH_HASH_PATTERN, { error: '段落标识不正确' });
const paragraphIndexQuery = intQuery(-1, 100_000, -1);
/** Raw text bound: the real length limits (community config) are checked by the service in characters. */
const content = z.string({ error: '请输入内容' }).max(40_000, { error: '内容过长' });
const page = intQuery(1, 100_000, 1);
const limit = intQuery(20, 50, 1);

export const commentListQuery = z.object({
  novel_id: idSchema,
  type: commentType.optional().transform((v) => v ?? 1),
  chapter_id: optionalChapter,
  paragraph_hash: paragraphHash.optional(),
  paragraph_index: paragraphIndexQuery,
  order: z.enum(['new', 'hot'], { error: 'order 只能是 new 或 hot' }).optional().default('new'),
  page,
  limit,
});
export type CommentListQuery = z.infer<typeof commentListQuery>;

export const commentCountQuery = z.object({
  novel_id: idSchema,
  type: commentType.optional().transform((v) => v ?? 1),
  chapter_id: optionalChapter,
});

export const repliesQuery = z.object({ comment_id: idSchema, page, limit });

const longFlag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1'])], { error: 'is_long_comment 只能是 0 或 1' })
  .optional()
  .transform((v) => v === 1 || v === true || v === '1');

export const doCommentBody = z.object({
  novel_id: idSchema,
  content,
  type: commentType.optional().transform((v) => v ?? 1),
  chapter_id: optionalChapter,
  is_long_comment: longFlag,
  paragraph_hash: paragraphHash.optional(),
  paragraph_index: z.number().int().min(0).max(100_000).optional(),
});
export type DoCommentBody = z.infer<typeof doCommentBody>;

export const doReplyBody = z.object({
  novel_id: idSchema,
  content,
  type: commentType.optional(),
  chapter_id: optionalChapter,
  comment_id: idSchema,
});
export type DoReplyBody = z.infer<typeof doReplyBody>;

const reason = z.enum(REPORT_REASON_VALUES, { error: '请选择举报原因' });

export const userActionBody = z.object({
  comment_id: idSchema,
  action: z.enum(['like', 'unlike', 'report'], { error: 'action 只能是 like、unlike 或 report' }),
  reason: reason.optional(),
});

export const novelBody = z.object({ novel_id: idSchema });

export const reportBody = z.object({
  target_type: z.enum(REPORT_TARGETS, { error: '举报对象不正确' }),
  target_id: idSchema,
  reason,
  content: z.string({ error: '请填写举报说明' }).max(500, { error: '举报说明最多500字' }).optional().default(''),
  contact: z.string().max(64, { error: '联系方式最多64字' }).optional(),
});

export const messagesQuery = z.object({ page, limit });
export const messageParams = z.object({ id: idSchema });

/** GET /v1/novels/comments/paragraph_tops (docs/listening.md "Comments while listening"). */
export const paragraphTopsQuery = z.object({ novel_id: idSchema, chapter_id: idSchema });
