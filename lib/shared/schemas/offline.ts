import './zod-locale';
import { z } from 'zod';
import { MAX_ID } from '../constants';
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

/** Ids one re-check may carry: more downloaded chapters than anyone keeps, short enough for a query string. */
export const OFFLINE_MAX_CHECK = 500;

/**
 * GET /v1/offline/check?article_ids=1,2,3 — the downloaded chapters to re-check after reconnecting. A GET (it
 * changes nothing), so the service worker can ask with the session cookie alone.
 */
export const offlineCheckQuery = z.object({
  article_ids: z
    .string({ error: MSG.offlineIdsInvalid })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: MSG.offlineIdsInvalid })
    .transform((v) => v.split(',').map(Number))
    .pipe(
      z
        .array(z.number().int().min(1, { error: MSG.offlineIdsInvalid }).max(MAX_ID, { error: MSG.offlineIdsInvalid }))
        .max(OFFLINE_MAX_CHECK, { error: MSG.offlineIdsInvalid }),
    ),
});
