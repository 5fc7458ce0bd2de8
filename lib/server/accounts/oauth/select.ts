import 'server-only';
import type { OAuthProvider } from './provider';
import { localProvider } from './local';
import { wechatProvider } from './wechat';
import { demoAllowed } from '../../abuse/demo-switches';

/**
 * The messaging app's OAuth when configured; else the local provider, which signs anyone in under any nickname, so
 * it answers only a client on this machine (docs/abuse.md "Demo switches"), and only with OAUTH_LOCAL=1 (the default
 * outside production).
 */
export function oauthProvider(headers: Headers): OAuthProvider | null {
  const { WECHAT_APP_ID, WECHAT_APP_SECRET } = process.env;
  if (WECHAT_APP_ID && WECHAT_APP_SECRET) return wechatProvider(WECHAT_APP_ID, WECHAT_APP_SECRET);
  return demoAllowed(headers, 'oauthLocal') ? localProvider : null;
}
