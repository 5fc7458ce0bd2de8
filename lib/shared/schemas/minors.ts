import './zod-locale';
import { z } from 'zod';
import { MINORS_TEXT as T } from '../minors-text';

/** 青少年模式's calls (docs/minors-mode.md "Calls"). */
const pin = z.string({ error: T.pinFormat }).regex(/^\d{4}$/, { error: T.pinFormat });

export const minorsModeBody = z.discriminatedUnion(
  'op',
  [
    z
      .object({ op: z.literal('on'), pin, pin_confirm: pin })
      .refine((b) => b.pin === b.pin_confirm, { error: T.pinMismatch, path: ['pin_confirm'] }),
    z.object({ op: z.literal('off'), pin }),
    z.object({
      op: z.literal('limit'),
      pin,
      daily_minutes: z.coerce
        .number({ error: T.minutesRange(10, 180) })
        .int()
        .min(1)
        .max(1440),
    }),
  ],
  { error: T.pinFormat },
);
export type MinorsModeBody = z.infer<typeof minorsModeBody>;

/** What the heartbeat reports: the reader open and in use, or the player playing. */
export const minorsHeartbeatBody = z.object({ kind: z.enum(['read', 'listen']) });
