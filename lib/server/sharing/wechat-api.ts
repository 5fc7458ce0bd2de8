import 'server-only';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '../core/errors';
import { log } from '../logger';
import { wechatApiBase } from '../wechat/hosts';

/** apiBase: the messaging app's server API, the real host unless WECHAT_API_BASE points elsewhere (../wechat/hosts.ts). */
export interface WechatApp {
  appId: string;
  appSecret: string;
  apiBase: string;
}

/**
 * The official account whose JS-SDK signs our pages: WECHAT_MP_APP_ID / WECHAT_MP_APP_SECRET when set, else the
 * OAuth app's WECHAT_APP_ID / WECHAT_APP_SECRET (lib/server/accounts/oauth/select.ts), usually the same account.
 * Null when neither pair is complete.
 */
export function wechatApp(env: Record<string, string | undefined> = process.env): WechatApp | null {
  const [appId, appSecret] =
    env.WECHAT_MP_APP_ID || env.WECHAT_MP_APP_SECRET
      ? [env.WECHAT_MP_APP_ID, env.WECHAT_MP_APP_SECRET]
      : [env.WECHAT_APP_ID, env.WECHAT_APP_SECRET];
  if (!appId || !appSecret) return null;
  return { appId, appSecret, apiBase: wechatApiBase(env) };
}

export function requireWechatApp(): WechatApp {
  const app = wechatApp();
  if (!app) throw new ApiError(CODES.unavailable, SERVER_MSG.wxNotConfigured);
  return app;
}

/** errcodes meaning the access token itself is no good: drop it and ask once more (docs/sharing.md "Token cache"). */
export const TOKEN_INVALID_ERRCODES = new Set([40001, 40014, 42001]);

/** A provider answer with a non-zero errcode; `errcode` is kept so the ticket refresh can tell a stale token. */
export class WechatApiError extends ApiError {
  constructor(readonly errcode: number) {
    super(CODES.unavailable, SERVER_MSG.wxProviderError(errcode));
  }
}

const TIMEOUT_MS = 5000;

/**
 * GETs one provider path and returns its JSON. Failures become a 503 envelope in Chinese that names the errcode at
 * most: the address (which carries the secret) and the provider's own text are only logged, the secret masked.
 */
export async function wechatGet<T>(
  app: WechatApp,
  path: string,
  query: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const url = `${app.apiBase}${path}?${new URLSearchParams(query)}`;
  const where = path;
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
  } catch (err) {
    log('warn', 'wechat.api.unreachable', { path: where, error: String(err).replaceAll(app.appSecret, '***') });
    throw new ApiError(CODES.unavailable, SERVER_MSG.wxUnreachable);
  }
  let body: (T & { errcode?: number; errmsg?: string }) | null = null;
  try {
    body = (await res.json()) as T & { errcode?: number; errmsg?: string };
  } catch {
    body = null;
  }
  if (!res.ok || !body || typeof body !== 'object') {
    log('warn', 'wechat.api.bad_answer', { path: where, status: res.status });
    throw new ApiError(CODES.unavailable, SERVER_MSG.wxUnreachable);
  }
  if (body.errcode) {
    log('warn', 'wechat.api.errcode', {
      path: where,
      errcode: body.errcode,
      errmsg: String(body.errmsg ?? '').replaceAll(app.appSecret, '***'),
    });
    throw new WechatApiError(body.errcode);
  }
  return body;
}
