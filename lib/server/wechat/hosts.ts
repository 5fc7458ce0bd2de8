import 'server-only';
import { deployedLook, refuseToStart } from '../core/demo-switches';

/**
 * The messaging app's two hosts (docs/accounts.md "Third-party sign-in (OAuth)", docs/sharing.md): the page where a reader authorizes our
 * sign-in (WECHAT_OPEN_BASE) and the server API every call of ours goes to — the sign-in's code exchange and user
 * info, the JS-SDK token and ticket, the follow check (WECHAT_API_BASE). Both default to the real hosts; tests and a
 * staging machine point them at a stand-in.
 */
export const DEFAULT_WECHAT_OPEN_BASE = 'https://open.weixin.qq.com';
export const DEFAULT_WECHAT_API_BASE = 'https://api.weixin.qq.com';

type Env = Record<string, string | undefined>;

const trimmed = (value: string) => value.replace(/\/+$/, '');

export function wechatOpenBase(env: Env = process.env): string {
  return trimmed(env.WECHAT_OPEN_BASE || DEFAULT_WECHAT_OPEN_BASE);
}

export function wechatApiBase(env: Env = process.env): string {
  return trimmed(env.WECHAT_API_BASE || DEFAULT_WECHAT_API_BASE);
}

/**
 * Why this server must not start with its messaging-app hosts as set, or null. A deployed server sends the app
 * secret, sign-in codes and the members' OpenIDs to these hosts: an override there must be https (a stand-in over
 * plain http is for this machine only), and must be a URL at all.
 */
export function wechatHostRefusal(env: Env = process.env): string | null {
  const deployed = deployedLook(env);
  for (const name of ['WECHAT_OPEN_BASE', 'WECHAT_API_BASE'] as const) {
    const value = env[name];
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return `${name}=${value} is not a URL`;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${name}=${value} must be an https address`;
    if (deployed && url.protocol !== 'https:') return `${name}=${value} must be https ${deployed}: unset it or use an https address`;
  }
  return null;
}

/** Called once at start (instrumentation.ts), beside the demo switches' check. */
export function refuseInsecureWechatHosts(): void {
  refuseToStart(wechatHostRefusal());
}
