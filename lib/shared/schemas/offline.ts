import './zod-locale';
import { z } from 'zod';
import { voiceKeySchema } from './voices';
import { MAX_ID } from '../constants';
import { idSchema } from './common';

/** Chapters one download may hold (docs/offline.md): a range the sheet offers, small enough to sign at once. */
export const OFFLINE_MAX_CHAPTERS = 50;

/** The offline API's own refusals: server-side texts, kept out of `MSG`, which every page loads (docs/offline.md). */
export const OFFLINE_MSG = {
  rangeInvalid: '下载范围不正确，一次最多下载 50 章',
  idsInvalid: '章节列表不正确',
} as const;

/** GET /v1/offline/manifest?novel_id&start&count — `start` a chapter of the novel, `count` chapters from it. */
export const offlineManifestQuery = z.object({
  novel_id: idSchema,
  start: idSchema,
  count: z
    .string({ error: OFFLINE_MSG.rangeInvalid })
    .regex(/^\d{1,3}$/, { error: OFFLINE_MSG.rangeInvalid })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: OFFLINE_MSG.rangeInvalid }).max(OFFLINE_MAX_CHAPTERS, { error: OFFLINE_MSG.rangeInvalid })),
  /** The voice to download the audio in; absent: the member's choice or the defaults (docs/offline.md). */
  voice: voiceKeySchema.optional(),
});

/** Ids one re-check may carry: more downloaded chapters than anyone keeps, short enough for a query string. */
export const OFFLINE_MAX_CHECK = 500;

/**
 * GET /v1/offline/check?article_ids=1,2,3 — the downloaded chapters to re-check after reconnecting. A GET (it
 * changes nothing), so the service worker can ask with the session cookie alone.
 */
export const offlineCheckQuery = z.object({
  article_ids: z
    .string({ error: OFFLINE_MSG.idsInvalid })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: OFFLINE_MSG.idsInvalid })
    .transform((v) => v.split(',').map(Number))
    .pipe(
      z
        .array(z.number().int().min(1, { error: OFFLINE_MSG.idsInvalid }).max(MAX_ID, { error: OFFLINE_MSG.idsInvalid }))
        .max(OFFLINE_MAX_CHECK, { error: OFFLINE_MSG.idsInvalid }),
    ),
});
