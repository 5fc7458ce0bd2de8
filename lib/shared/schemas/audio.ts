import './zod-locale';
import { z } from 'zod';
import { MSG } from '../messages';
import { voiceKeySchema } from './voices';

export const privateUrlBody = z.object({
  base_url: z
    .string({ error: MSG.audioUrlInvalid })
    .trim()
    .min(1, { error: MSG.audioUrlInvalid })
    .max(2048, { error: MSG.audioUrlInvalid }),
  /** The voice to hear it in (a key); absent: the member's choice or the defaults (docs/listening.md). */
  voice: voiceKeySchema.optional(),
});

/** POST /v1/audio/articles/preview_url: the chapter to preview. */
export const previewUrlBody = z.object({
  article_id: z.coerce.number({ error: MSG.audioUrlInvalid }).int().positive().max(2_147_483_647),
  voice: voiceKeySchema.optional(),
});
