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
