import './zod-locale';
import { z } from 'zod';
import { MSG } from '../messages';
import { idSchema } from './common';

/** Chapters one download may hold (docs/offline.md): a range the sheet offers, small enough to sign at once. */
export const OFFLINE_MAX_CHAPTERS = 50;

/** GET /v1/offline/manifest?novel_id&start&count — `start` a chapter of the novel, `count` chapters from it. */
export const offlineManifestQuery = z.object({
  novel_id: idSchema,
  start: idSchema,
  count: z
    .string({ error: MSG.offlineRangeInvalid })
    .regex(/^\d{1,3}$/, { error: MSG.offlineRangeInvalid })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: MSG.offlineRangeInvalid }).max(OFFLINE_MAX_CHAPTERS, { error: MSG.offlineRangeInvalid })),
});

/** POST /v1/offline/check {article_ids} — the downloaded chapters to re-check after reconnecting. */
export const offlineCheckBody = z.object({
  article_ids: z.array(idSchema, { error: MSG.offlineIdsInvalid }).max(2000, { error: MSG.offlineIdsInvalid }),
});
