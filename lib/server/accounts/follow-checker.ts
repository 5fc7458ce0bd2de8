import 'server-only';
import { accessToken, dropToken } from '../sharing/token-cache';
import { TOKEN_INVALID_ERRCODES, WechatApiError, wechatApp, wechatGet, type WechatApp } from '../sharing/wechat-api';

/**
 * Asks the messaging app whether a user follows the official account (docs/members.md "Follow state"): the
 * server-side user-info call (`cgi-bin/user/info`, its `subscribe` field). The client-credential access token is the
 * one the JS-SDK signature uses, kept in the database for every server process (docs/sharing.md "Token cache"), so the
 * two never fetch competing tokens — the provider invalidates the previous token when a new one is issued.
 */
export interface FollowChecker {
  subscribed(openid: string): Promise<boolean>;
}

export function wechatFollowChecker(app: WechatApp, fetchImpl: typeof fetch = fetch): FollowChecker {
  return {
    async subscribed(openid) {
      for (let attempt = 0; ; attempt++) {
        const token = await accessToken(app, fetchImpl);
        try {
          const info = await wechatGet<{ subscribe?: number }>(
            app,
            '/cgi-bin/user/info',
            { access_token: token, openid, lang: 'zh_CN' },
            fetchImpl,
          );
          return info.subscribe === 1;
        } catch (err) {
          // A token the provider no longer accepts (issued again elsewhere): drop it and ask once more.
          if (attempt === 0 && err instanceof WechatApiError && TOKEN_INVALID_ERRCODES.has(err.errcode)) {
            await dropToken('access_token');
            continue;
          }
          throw err;
        }
      }
    },
  };
}

let override: FollowChecker | null | undefined;

/**
 * The configured checker, or null when the messaging app is not configured (staff then set the state). The account is
 * the JS-SDK's (`wechatApp()`: WECHAT_MP_* else the sign-in pair): the openids members signed in with belong to it.
 */
export function followChecker(): FollowChecker | null {
  if (override !== undefined) return override;
  const app = wechatApp();
  return app ? wechatFollowChecker(app) : null;
}

/** Tests: a stand-in checker (null: not configured; undefined: back to the environment). */
export function setFollowCheckerForTests(checker: FollowChecker | null | undefined): void {
  override = checker;
}
