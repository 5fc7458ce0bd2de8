export interface WechatStandInState {
  calls: { token: number; ticket: number };
  delayMs: number;
  expiresIn: number;
  tokenErrcode: number;
  ticketErrcode: number;
  issuedTokens: Set<string>;
  lastTicket: string;
}
export function startWechatStandIn(options: {
  appId: string;
  appSecret: string;
  port?: number;
  delayMs?: number;
  expiresIn?: number;
}): Promise<{ base: string; state: WechatStandInState; close: () => Promise<void> }>;
