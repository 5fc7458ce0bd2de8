import 'server-only';
import { wechatApiBase, wechatOpenBase } from '../../wechat/hosts';
import type { OAuthProvider } from './provider';

interface WechatError {
  errcode?: number;
  errmsg?: string;
}

/**
 * The messaging app's web OAuth (snsapi_userinfo): code → access token + openid → user info. The hosts are the real
 * ones unless WECHAT_OPEN_BASE / WECHAT_API_BASE point at a stand-in (lib/server/wechat/hosts.ts).
 */
export function wechatOAuthProvider(
  appId: string,
  appSecret: string,
  fetchImpl: typeof fetch = fetch,
  hosts: { open: string; api: string } = { open: wechatOpenBase(), api: wechatApiBase() },
): OAuthProvider {
  const getJson = async <T>(url: string): Promise<T & WechatError> => {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`wechat oauth answered ${res.status}`);
    const body = (await res.json()) as T & WechatError;
    if (body.errcode) throw new Error(`wechat oauth error ${body.errcode}: ${body.errmsg ?? ''}`);
    return body;
  };
  return {
    name: 'wechat',
    authorizeUrl({ state, redirectUri }) {
      const qs = new URLSearchParams({ appid: appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_userinfo', state });
      return `${hosts.open}/connect/oauth2/authorize?${qs}#wechat_redirect`;
    },
    async exchange({ code }) {
      const token = await getJson<{ access_token: string; openid: string; unionid?: string }>(
        `${hosts.api}/sns/oauth2/access_token?${new URLSearchParams({ appid: appId, secret: appSecret, code, grant_type: 'authorization_code' })}`,
      );
      const info = await getJson<{ nickname?: string; headimgurl?: string; unionid?: string; subscribe?: number }>(
        `${hosts.api}/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid, lang: 'zh_CN' })}`,
      );
      return {
        subject: token.openid,
        nickname: info.nickname,
        avatar: info.headimgurl,
        unionId: info.unionid ?? token.unionid,
        ...(typeof info.subscribe === 'number' ? { subscribe: info.subscribe === 1 } : {}),
      };
    },
  };
}
