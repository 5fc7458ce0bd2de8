export interface WechatStandInState {
  calls: { token: number; ticket: number; authorize: number; oauthToken: number; userinfo: number; userInfo: number };
  delayMs: number;
  expiresIn: number;
  tokenErrcode: number;
  ticketErrcode: number;
  issuedTokens: Set<string>;
  lastTicket: string;
  codes: Map<string, { openid: string; nickname: string; expiresAt: number }>;
  userTokens: Map<string, string>;
  users: Map<string, string>;
  followers: Set<string>;
}
export function startWechatStandIn(options: {
  appId: string;
  appSecret: string;
  port?: number;
  delayMs?: number;
  expiresIn?: number;
  /** Our registered sign-in callbacks: the authorize page refuses any other redirect_uri. */
  callbacks?: string[];
  /** The WeChat Pay stand-in that /jsapi/pay hands the in-app payment to. */
  payBase?: string | null;
}): Promise<{ base: string; state: WechatStandInState; close: () => Promise<void> }>;
