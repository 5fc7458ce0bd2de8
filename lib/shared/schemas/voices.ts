import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';

/** What the voice calls answer on bad input (docs/listening.md "Voice resolution"). */
export const VOICE_MSG = {
  voiceInvalid: '音色不正确',
  voiceUnknown: '该音色暂不可用',
  voiceOtherLanguage: '该音色不适用于这种语言',
} as const;

/**
 * The shape of a voice key, `{engine}:{voice}` (docs/listening.md "Voice resolution"): an engine id, then the
 * engine's own voice name (which may hold `:` or `/`, as a model's speaker may). Whether an engine offers the key is
 * asked afterwards; this only keeps anything else out of queries, URLs and rows.
 */
export const VOICE_KEY_PATTERN = /^[A-Za-z0-9._-]{1,40}:[A-Za-z0-9._+@/:-]{1,100}$/;

/** A voice key as listeners send it; whether an engine offers it is asked afterwards. */
export const voiceKeySchema = z
  .string({ error: VOICE_MSG.voiceInvalid })
  .trim()
  .regex(VOICE_KEY_PATTERN, { error: VOICE_MSG.voiceInvalid });

/** GET /v1/audio/voices?novel_id&article_id — the voices of a novel, with whether a chapter is made in each. */
export const voicesQuery = z.object({ novel_id: idSchema, article_id: idSchema.optional() });

/** PUT /v1/me/voice {language_type, voice} — the member's voice for a language. */
export const memberVoiceBody = z.object({
  // Exactly 0, 1 or 2 as JSON numbers: a body is not a query string, nothing to coerce.
  language_type: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '语言类型只能是 0、1 或 2' }),
  voice: voiceKeySchema,
});

/** `?voice=` of the time track and the reader: optional. */
export const voiceQuery = z.object({ voice: voiceKeySchema.optional() });
