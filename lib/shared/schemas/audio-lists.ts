import './zod-locale';
import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import type { ReadType } from '../dto/shelf';
import { idSchema, intQuery } from './common';
import { langDefault, optionalLang, readType } from './catalog';

const gender = z
  .enum(['1', '2'], { error: 'gender 只能是 1（男生）或 2（女生）' })
  .transform((v) => Number(v) as 1 | 2)
  .optional();
// These lists are listed among the audio calls (docs/listening.md "Lists"): read_type 2 unless a caller asks for the text kind.
const audioReadType = readType.optional().transform((v): ReadType => (v === 1 ? 1 : 2));
// docs/listening.md "Lists": lists come 20 a page, and no caller may ask for more.
const paging = { start: intQuery(0, 1_000_000), limit: intQuery(PAGE_SIZE.list, PAGE_SIZE.list, 1) };

export const listenListQuery = z.object({ language_type: langDefault, read_type: audioReadType, gender, ...paging });
export type ListenListQuery = z.infer<typeof listenListQuery>;

export const audioListQuery = z.object({ language_type: langDefault, category: idSchema.optional(), gender, ...paging });

export const audioSimilarQuery = z.object({ nid: idSchema, limit: intQuery(PAGE_SIZE.list, PAGE_SIZE.list, 1) });

/** The fallback pick (no listening yet) comes from this language's must_listen list, optionally one channel. */
export const listenGuideQuery = z.object({ language_type: optionalLang, gender });
