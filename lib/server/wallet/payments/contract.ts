import 'server-only';

/**
 * What a real payment provider (WeChat Pay, Alipay) implements beside the sandbox's `payUrl` / `verify` / `refund`
 * (docs/wallet-orders.md). Amounts are in cents, as on the order. A provider is offered only when configured by
 * environment; with none configured the sandbox is the only one.
 */

/** Where and by whom a payment is being started: decides which providers are offered and how they start. */
export interface PayContext {
  /** Inside the messaging app's browser (WeChat JSAPI applies; Alipay does not open there). */
  inMessagingApp: boolean;
  ios: boolean;
  /** The payer's OpenID from the messaging-app sign-in, when they signed in that way. */
  openId: string | null;
  /** The payer's address as the trusted proxy hands it on (H5 payments are bound to it). */
  clientIp: string;
  /** This site's origin, for return and notify addresses. */
  origin: string;
}

/** What the page does next: go to the provider's cashier, or call the messaging app's in-page payment. */
export type PayStart = { kind: 'redirect'; url: string } | { kind: 'jsapi'; params: Record<string, string> };

/** A payment the provider's notification (or a query) proved: credited once through the notification handler. */
export interface ProviderPayment {
  orderId: number;
  amount: number;
  /** The provider's transaction number: one payment per order, replays carry the same one. */
  tradeNo: string;
}

/** The provider's answer to a refund: its reference, and whether the money is already back (else it reports later). */
export interface ProviderRefund {
  ref: string;
  settled: boolean;
}

/** The outcome of an authenticated refund notification. */
export interface ProviderRefundNotice {
  orderId: number;
  ref: string;
  ok: boolean;
}

/** A notification request, read raw: signatures are over the exact bytes. */
export interface NotifyRequest {
  headers: Headers;
  rawBody: string;
}

/** What the notify route answers, in the form the provider expects so it stops retrying. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

/** A verified notification; `null` parts mean "not this kind". An unauthenticated request throws instead. */
export interface NotifyResult {
  payment: ProviderPayment | null;
  refund: ProviderRefundNotice | null;
}

/** One line of the provider's daily bill, for reconciliation against our paid and refunded orders. */
export interface BillLine {
  orderId: number;
  tradeNo: string;
  amount: number;
  kind: 'paid' | 'refund';
}

export interface RealProvider {
  name: 'wechat' | 'alipay';
  /** Shown on the recharge page's payment choice. */
  label: string;
  configured(): boolean;
  offeredIn(ctx: PayContext): boolean;
  start(order: { id: number; amount: number; subject: string }, ctx: PayContext): Promise<PayStart>;
  /** Authenticates and decodes a notification; throws when the signature, certificate or body is not right. */
  parseNotify(req: NotifyRequest): Promise<NotifyResult>;
  /** The answer that tells the provider the notification was taken (or refused). */
  reply(ok: boolean): NotifyReply;
  query(orderId: number): Promise<{ state: 'paid'; payment: ProviderPayment } | { state: 'unpaid' | 'closed' }>;
  close(orderId: number): Promise<void>;
  refund(orderId: number, amount: number, total: number): Promise<ProviderRefund>;
  /**
   * What became of the order's refund, asked of the provider (docs/payments.md "Refund outcomes"); providers without
   * such a query leave it out. `refundedAt` is when we asked for the refund: a provider whose query cannot tell
   * "not done yet" from "failed" (Alipay) decides by its age at `now`; its answer then names no refund (`ref` null).
   * A settled answer always names it. Throws when the provider cannot be reached or its answer is not believed.
   */
  refundStatus?(orderId: number, refundedAt: Date, now: Date): Promise<{ ref: string | null; status: 'pending' | 'settled' | 'failed' }>;
  /** The provider's bill for one business day (YYYY-MM-DD, Asia/Shanghai). */
  bill(day: string): Promise<BillLine[]>;
}
