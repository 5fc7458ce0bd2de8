import 'server-only';
import { detectUa } from '@/lib/shared/ua';
import type { OAuthProvider } from './provider';
import { localProvider } from './local';
import { wechatOAuthProvider } from './wechat';
import { demoAllowed } from '../../core/demo-switches';

/**
 * Which sign-in /oauth/start and /oauth/callback use (docs/accounts.md "Third-party sign-in (OAuth)"). The messaging app's OAuth when
 * WECHAT_APP_ID / WECHAT_APP_SECRET are set; the local provider, which signs anyone in under any nickname, only for a
 * client on this machine and only with OAUTH_LOCAL=1 (the default outside production; docs/abuse.md "Demo switches").
 * When both are there (a demo or test server with a messaging-app stand-in), the messaging app's inside its own
 * browser — the only place its sign-in page opens — and the local one outside it. A deployment has OAUTH_LOCAL off, so
 * it always uses the messaging app's. Start and callback decide alike from the same browser's user agent; a code
 * carried to the other provider is simply not recognised there.
 */
export function oauthProvider(headers: Headers): OAuthProvider | null {
  const { WECHAT_APP_ID, WECHAT_APP_SECRET } = process.env;
  const app = WECHAT_APP_ID && WECHAT_APP_SECRET ? wechatOAuthProvider(WECHAT_APP_ID, WECHAT_APP_SECRET) : null;
  const local = demoAllowed(headers, 'oauthLocal') ? localProvider : null;
  return detectUa(headers.get('user-agent')).wechat ? (app ?? local) : (local ?? app);
}
