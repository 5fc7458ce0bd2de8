import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hmac } from '../../secret';

/** What a payment provider tells the notify endpoint. The sandbox signs it like a real provider would. */
export interface PaymentNotification {
  order_id: number;
  notification_id: string;
  amount: number;
  status: 'paid';
  sig: string;
}

const payload = (n: Omit<PaymentNotification, 'sig'>) => `sandbox:${n.order_id}:${n.notification_id}:${n.amount}:${n.status}`;

export function signSandboxNotification(orderId: number, amount: number): PaymentNotification {
  const unsigned = { order_id: orderId, notification_id: randomBytes(12).toString('hex'), amount, status: 'paid' as const };
  return { ...unsigned, sig: hmac(payload(unsigned)) };
}

export function verifySandboxNotification(n: PaymentNotification): boolean {
  const expected = Buffer.from(hmac(payload(n)));
  const given = Buffer.from(n.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
