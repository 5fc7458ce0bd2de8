import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT as T } from '../console-text';
import { VOICES_TEXT as V } from '../console-voices-text';
import { VOICE_KEY_PATTERN } from './voices';

/**
 * Form posts of the console's voice section (docs/listening.md "Voices on the console"). A voice is a key or ''
 * (clear: follow the language's default); whether an engine offers it is checked by the service.
 */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647);
const voice = z
  .string()
  .trim()
  .max(160, { error: V.voiceNotOffered })
  .refine((v) => v === '' || VOICE_KEY_PATTERN.test(v), { error: V.voiceNotOffered });

export const voicesForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('language_default'),
      language: z.enum(['0', '1', '2'], { error: V.invalidLanguage }).transform(Number),
      voice,
      back,
    }),
    z.object({ op: z.literal('novel_default'), novel: id, voice, back }),
    z.object({ op: z.literal('prevoice'), novel: id, voice: voice.refine((v) => v !== '', { error: V.voiceNotOffered }), back }),
  ],
  { error: T.invalidOp },
);
