import './zod-locale';
import { z } from 'zod';
import { MSG } from '../messages';

export const privateUrlBody = z.object({
  base_url: z
    .string({ error: MSG.audioUrlInvalid })
    .trim()
    .min(1, { error: MSG.audioUrlInvalid })
    .max(2048, { error: MSG.audioUrlInvalid }),
});

/** POST /v1/audio/articles/preview_url: the chapter to preview. */
export const previewUrlBody = z.object({ article_id: z.coerce.number({ error: MSG.audioUrlInvalid }).int().positive().max(2_147_483_647) });
