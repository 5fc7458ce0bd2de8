import './zod-locale';
import { z } from 'zod';
import { parseBusinessDay } from '../business-time';
import { CONSOLE_TEXT as T } from '../console-text';
import { MEMBER_TEXT } from '../member-text';

/** The members page's and the appeal tab's form posts (docs/members.md "Console"). `back` is checked again by consoleBack. */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647);
const E = MEMBER_TEXT.console.errors;

export const membersForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('block'),
      id,
      reason: z.string().trim().min(1, { error: E.reasonRequired }).max(200, { error: E.reasonTooLong }),
      // A Shanghai calendar day (the block ends at its 00:00), or permanent=1.
      ends_on: z
        .string()
        .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: E.endRequired })
        .optional(),
      permanent: z.enum(['1']).optional(),
      back,
    }),
    z.object({ op: z.literal('lift'), id, note: z.string().trim().max(200, { error: E.reasonTooLong }).optional(), back }),
    // docs/minors-mode.md "Console": support turns a member's 青少年模式 off.
    z.object({ op: z.literal('minors_off'), id, back }),
    z.object({ op: z.literal('follow'), id, followed: z.enum(['0', '1'], { error: T.invalidOp }), back }),
    z.object({
      op: z.literal('gate'),
      after: z
        .string()
        .trim()
        .regex(/^\d{0,6}$/, { error: E.gateInvalid }),
      back,
    }),
  ],
  { error: T.invalidOp },
);

export const appealForm = z.object({
  op: z.enum(['lift', 'reject'], { error: T.invalidOp }),
  id,
  reply: z.string().trim().min(1, { error: E.replyRequired }).max(200, { error: E.replyTooLong }),
  back,
});

/** The business midnight that starts a YYYY-MM-DD day; Invalid Date for a day that does not exist (2026-02-31). */
export function shanghaiMidnight(day: string): Date {
  return parseBusinessDay(day) ?? new Date(NaN);
}
