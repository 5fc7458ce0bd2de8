import './zod-locale';
import { z } from 'zod';

const json = z.unknown();

/** POST /v1/logs/error_log (spec §7): type 1 API failure, 2 render error. */
export const errorLogBody = z.object({
  type: z.union([z.literal(1), z.literal(2)], { error: 'type 只能是 1 或 2' }),
  headers: json.optional(),
  method: z.string().max(10).optional(),
  params: json.optional(),
  data: json.optional(),
  url: z.string().max(2048).optional(),
  response: json.optional(),
  uid: z.union([z.number().int(), z.string().max(20), z.null()]).optional(),
});
export type ErrorLogBody = z.infer<typeof errorLogBody>;

/** POST /v1/logs/page_views: a location the reader opened, and the time spent on the one before. */
export const pageViewBody = z.object({
  path: z.string().min(1, { error: '缺少页面地址' }).max(1024).startsWith('/', { error: '页面地址不正确' }),
  referrer: z.string().max(2048).optional(),
  previous_path: z.string().max(1024).optional(),
  previous_duration_ms: z.number().int().min(0).max(86_400_000).optional(),
  visitor_id: z.string().max(64).optional(),
});
export type PageViewBody = z.infer<typeof pageViewBody>;
