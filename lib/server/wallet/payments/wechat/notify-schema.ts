import 'server-only';
import { z } from 'zod';

/**
 * The shapes WeChat Pay sends (docs/payments.md "WeChat Pay: notifications"), parsed after the signature is verified
 * and the resource decrypted: a body of another shape — a field missing, a number as a string, an amount negative or
 * fractional, a state the provider does not document — is refused with nothing written. Fields we do not read pass
 * unchecked (the provider adds fields over time).
 */

const cents = z.number().int().positive().max(100_000_000);
const id = z.string().min(1).max(64);

/** The notification envelope: the event and its encrypted resource. */
export const notifyEnvelope = z.object({
  id,
  event_type: id,
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1),
    nonce: z.string().min(1).max(64),
    associated_data: z.string().max(256).optional(),
  }),
});

/** Every trade_state of the v3 transaction (query answer and TRANSACTION.SUCCESS resource). */
export const TRADE_STATES = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'] as const;

/** A transaction, as the TRANSACTION.SUCCESS resource and the order query carry it. */
export const transactionSchema = z.object({
  mchid: id,
  appid: id,
  out_trade_no: z.string().min(1).max(32),
  transaction_id: id.optional(),
  trade_state: z.enum(TRADE_STATES),
  amount: z
    .object({
      total: cents,
      currency: z.literal('CNY').optional(),
      payer_total: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;
/** A TRANSACTION.SUCCESS resource: a paid transaction always names its transaction id and amount. */
export const paidTransactionSchema = transactionSchema.required({ transaction_id: true, amount: true });

/** A REFUND.* resource: the final word on a refund (PROCESSING is never notified, only answered to a query). */
export const refundResourceSchema = z.object({
  mchid: id,
  out_trade_no: z.string().min(1).max(32),
  refund_id: id,
  out_refund_no: z.string().min(1).max(64).optional(),
  refund_status: z.enum(['SUCCESS', 'CLOSED', 'ABNORMAL']),
  amount: z
    .object({
      total: cents,
      refund: cents,
      payer_total: z.number().int().min(0).optional(),
      payer_refund: z.number().int().min(0).optional(),
    })
    .optional(),
});

/** The names of the fields that did not fit (never their values, which carry the payer's data), for the log. */
export const fieldsOf = (error: z.ZodError): string[] => error.issues.map((i) => i.path.join('.') || '(body)');
