import 'server-only';
import type { OAuthProvider } from './provider';
import { localProvider } from './local';
import { wechatProvider } from './wechat';

/** The messaging app's OAuth when configured; the local provider where it is allowed (not in production unless OAUTH_LOCAL=1). */
export function oauthProvider(): OAuthProvider | null {
  const { WECHAT_APP_ID, WECHAT_APP_SECRET, OAUTH_LOCAL, NODE_ENV } = process.env;
  if (WECHAT_APP_ID && WECHAT_APP_SECRET) return wechatProvider(WECHAT_APP_ID, WECHAT_APP_SECRET);
  if (OAUTH_LOCAL === '1' || NODE_ENV !== 'production') return localProvider;
  return null;
}
