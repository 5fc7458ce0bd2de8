export interface Certificate {
  keyPem: string;
  certPem: string;
  serial: string;
}
export interface StandInNotification {
  body: string;
  headers: Record<string, string>;
}
export interface StandInOrder {
  kind: 'JSAPI' | 'MWEB';
  outTradeNo: string;
  total: number;
  openid: string | null;
  state: string;
  prepayId: string;
  transactionId?: string;
  refunds: Map<string, { refund_id: string; out_refund_no: string; amount: number; status: string }>;
}
export function makeCertificate(commonName: string, days?: number): Certificate;
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData?: string,
): { algorithm: string; ciphertext: string; associated_data: string; nonce: string };
export function platformHeaders(platform: Certificate, body: string, ts?: number): Record<string, string>;
export function startWechatPayStandIn(options: {
  mchId: string;
  appId: string;
  apiV3Key: string;
  merchantPublicKeyPem: string;
  merchantSerial: string;
  port?: number;
}): Promise<{
  base: string;
  state: {
    orders: Map<string, StandInOrder>;
    calls: string[];
    notifications: { url: string; status: number; body: string }[];
    failWith: number | null;
  };
  platformCertPem: string;
  current: () => Certificate;
  rotate: () => Certificate;
  pay: (outTradeNo: string, options?: { notify?: boolean }) => Promise<{ status: number; body: string } | null>;
  notification: (eventType: string, resource: unknown, options?: { associatedData?: string; ts?: number }) => StandInNotification;
  deliver: (url: string, n: StandInNotification) => Promise<{ status: number; body: string }>;
  transactionOf: (outTradeNo: string) => Record<string, unknown>;
  close: () => Promise<void>;
}>;
