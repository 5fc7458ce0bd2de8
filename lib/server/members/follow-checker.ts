import 'server-only';

/**
 * Asks the messaging app whether a user follows the official account (docs/members.md "Follow state"): the
 * server-side user-info call (`cgi-bin/user/info`, its `subscribe` field), with the app's client-credential access
 * token kept in this process until a minute before it expires. Configured by WECHAT_APP_ID and WECHAT_APP_SECRET,
 * the same pair as the messaging app's sign-in; WECHAT_API_BASE points it at a stand-in (tests, staging).
 */
export interface FollowChecker {
  subscribed(openid: string): Promise<boolean>;
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
}

export function wechatFollowChecker(
  appId: string,
  appSecret: string,
  base = 'https://api.weixin.qq.com',
  fetchImpl: typeof fetch = fetch,
): FollowChecker {
  let token: { value: string; until: number } | null = null;
  const getJson = async <T>(path: string, query: Record<string, string>): Promise<T & WechatAnswer> => {
    const res = await fetchImpl(`${base}${path}?${new URLSearchParams(query)}`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`wechat api answered ${res.status}`);
    const body = (await res.json()) as T & WechatAnswer;
    if (body.errcode) throw new Error(`wechat api error ${body.errcode}: ${body.errmsg ?? ''}`);
    return body;
  };
  const accessToken = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value;
    const t = await getJson<{ access_token: string; expires_in: number }>('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: appId,
      secret: appSecret,
    });
    token = { value: t.access_token, until: Date.now() + Math.max(0, (t.expires_in ?? 7200) - 60) * 1000 };
    return t.access_token;
  };
  return {
    async subscribed(openid) {
      const info = await getJson<{ subscribe?: number }>('/cgi-bin/user/info', {
        access_token: await accessToken(),
        openid,
        lang: 'zh_CN',
      });
      return info.subscribe === 1;
    },
  };
}

const holder = globalThis as typeof globalThis & { __shushengFollowChecker?: { key: string; checker: FollowChecker } };
let override: FollowChecker | null | undefined;

/** The configured checker, or null when the messaging app is not configured (staff then set the state). */
export function followChecker(): FollowChecker | null {
  if (override !== undefined) return override;
  const { WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_API_BASE } = process.env;
  if (!WECHAT_APP_ID || !WECHAT_APP_SECRET) return null;
  const key = `${WECHAT_APP_ID}|${WECHAT_API_BASE ?? ''}`;
  if (holder.__shushengFollowChecker?.key !== key)
    holder.__shushengFollowChecker = { key, checker: wechatFollowChecker(WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_API_BASE || undefined) };
  return holder.__shushengFollowChecker.checker;
}

/** Tests: a stand-in checker (null: not configured; undefined: back to the environment). */
export function setFollowCheckerForTests(checker: FollowChecker | null | undefined): void {
  override = checker;
}
