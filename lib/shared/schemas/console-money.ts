import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT as T } from '../console-text';
import { MONEY_TEXT } from '../money-console-text';

/** The orders page's, the member page's and the ledger audit's form posts (docs/wallet.md "Refunds"). */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647);
const E = MONEY_TEXT.errors;
const reason = z.string().trim().min(1, { error: E.reasonRequired }).max(200, { error: E.reasonTooLong });

export const ordersForm = z.discriminatedUnion(
  'op',
  [
    // override=1 is the explicit staff override of the no-refund policy for recharges and VIP.
    z.object({ op: z.literal('refund'), id, reason, override: z.enum(['1']).optional(), back }),
    z.object({ op: z.literal('exception_refund'), id, note: z.string().trim().max(200, { error: E.reasonTooLong }).optional(), back }),
    // A refund the provider failed, returned by staff outside the system (docs/payments.md "Refund outcomes").
    z.object({
      op: z.literal('refund_handled'),
      id,
      note: z.string().trim().min(1, { error: E.noteRequired }).max(200, { error: E.reasonTooLong }),
      back,
    }),
  ],
  { error: T.invalidOp },
);

export const sessionRevokeForm = z.object({ member: id, session: id, back });

export const ledgerAuditForm = z.object({ back });

/** A YYYY-MM-DD the order search takes as a Shanghai day; anything else is ignored. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
