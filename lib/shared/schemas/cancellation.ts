import './zod-locale';
import { z } from 'zod';
import { CANCEL_TEXT } from '../cancellation-text';
import { smsCodeSchema } from './accounts';
import { idSchema } from './common';

/** POST /v1/my/cancellation: the SMS code sent to the member's own phone (docs/account-cancellation.md "API"). */
export const cancellationBody = z.object({ code: smsCodeSchema });

/** GET /v1/my/data_export/download: the signed link's three parts; anything else is an invalid link. */
export const exportDownloadQuery = z.object({
  id: idSchema,
  exp: z
    .string({ error: CANCEL_TEXT.api.linkInvalid })
    .regex(/^\d{13}$/, { error: CANCEL_TEXT.api.linkInvalid })
    .transform(Number),
  sig: z.string({ error: CANCEL_TEXT.api.linkInvalid }).regex(/^[0-9a-f]{64}$/, { error: CANCEL_TEXT.api.linkInvalid }),
});
