import './zod-locale';
import { z } from 'zod';
import { MSG } from '../messages';
import { PAGE_SIZE } from '../constants';
import { idSchema, intQuery } from './common';

const lang = z.enum(['0', '1', '2'], { error: '语言类型只能是 0、1 或 2' }).transform(Number);
export const optionalLang = lang.optional();
export const langDefault = lang.optional().transform((v) => v ?? 1);
export const readType = z.enum(['1', '2'], { error: 'read_type 只能是 1 或 2' }).transform(Number);

export const pagedQuery = z.object({ start: intQuery(0, 1_000_000), limit: intQuery(PAGE_SIZE.list, 100, 1) });
export const langPagedQuery = pagedQuery.extend({ language_type: langDefault });

export const relatedQuery = z.object({ language_type: optionalLang, limit: intQuery(6, 20, 1) });
export const topTippersParams = z.object({ nid: idSchema, n: intQuery(PAGE_SIZE.topTippers, 20, 1) });
export const tipsQuery = z.object({ start: intQuery(0, 1_000_000), limit: intQuery(PAGE_SIZE.rewards, 50, 1) });

export const catalogQuery = z.object({
  start: intQuery(0, 1_000_000),
  limit: intQuery(PAGE_SIZE.catalog, 100, 1),
  order: z
    .enum(['asc', 'desc'], { error: 'order 只能是 asc 或 desc' })
    .optional()
    .transform((v) => v ?? 'asc'),
  extra_fields: z
    .string()
    .max(100)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s === 'word_count' || s === 'published_at'),
    ),
  read_type: readType.optional(),
});
export const latestQuery = z.object({ limit: intQuery(1, 20, 1) });
export const randomQuery = z.object({ language_type: langDefault, limit: intQuery(6, 20, 1) });

export const listIdParams = z.object({ id: idSchema });
export const richListParams = z.object({
  id: z.string().regex(/^(\d{1,10}|[a-z_]{1,32}\.[012])$/, { error: '列表编号不正确' }),
});
// At most one carousel's worth (20, docs/catalogue.md "Lists and home layouts").
export const richListQuery = z.object({
  read_type: readType.optional().transform((v) => v ?? 1),
  limit: intQuery(PAGE_SIZE.audioCarousel, PAGE_SIZE.audioCarousel, 1),
});
export const batchQuery = z.object({
  ids: z
    .string({ error: '缺少列表编号' })
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, { error: '列表编号不正确（最多 20 个，以逗号分隔）' })
    .transform((v) => [...new Set(v.split(',').map(Number))]),
  language_type: optionalLang,
  limit: intQuery(6, 20, 1),
});
export const layoutQuery = z.object({
  page_id: idSchema,
  language_type: langDefault,
  is_refresh: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
});
export const categoriesQuery = z.object({ language_type: optionalLang, gender: z.enum(['1', '2']).transform(Number).optional() });

export const searchQuery = z.object({
  keyword: z.string({ error: MSG.enterKeyword }).trim().min(1, { error: MSG.enterKeyword }).max(32, { error: '搜索关键词不能超过32个字' }),
  highlight: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
  language_type: optionalLang,
  start: intQuery(0, 10_000),
  limit: intQuery(PAGE_SIZE.list, 50, 1),
});
export const hotWordsQuery = z.object({ language_type: langDefault, limit: intQuery(10, 30, 1) });
export const rankingParams = z.object({ slug: z.string().regex(/^[a-z_]{1,32}$/, { error: '榜单不存在' }) });

export const libraryQuery = langPagedQuery.extend({
  category: idSchema.optional(),
  status: z.enum(['0', '1']).transform(Number).optional(),
  words: z.enum(['lt30', '30to100', 'gt100']).optional(),
  sort: z
    .enum(['popular', 'new', 'words'])
    .optional()
    .transform((v) => v ?? 'popular'),
});
