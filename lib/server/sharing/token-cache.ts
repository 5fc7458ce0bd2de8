import 'server-only';
import { eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '../core/errors';
import { getDb } from '../db/client';
import { wechatTokens } from '../db/schema';
import { liftTimeouts } from '../db/timeouts';
import { TOKEN_INVALID_ERRCODES, WechatApiError, wechatGet, type WechatApp } from './wechat-api';

export type TokenKind = 'access_token' | 'jsapi_ticket';

/** A token is refreshed this long before the provider's expiry (docs/sharing.md "Token cache"). */
export const REFRESH_EARLY_MS = 5 * 60 * 1000;
/** How long a process waits for another one's refresh (the row lock) before giving up. */
const LOCK_WAIT_MS = 15_000;

type Row = typeof wechatTokens.$inferSelect;

const freshValue = (row: Row | undefined, app: WechatApp, now: number): string | null =>
  row && row.appId === app.appId && row.value && row.expiresAt.getTime() - REFRESH_EARLY_MS > now ? row.value : null;

// One refresh per kind in flight in this process; other processes wait on the row lock instead.
const inFlight = new Map<TokenKind, Promise<string>>();

/**
 * The cached value of `kind`, or a new one from `fetchFresh` when the row is missing, of another app, or within
 * five minutes of its expiry. The refresh takes the row's lock (`select … for update`) and looks again once it
 * has it, so of many processes that found it stale only the first asks the provider.
 */
export async function cachedToken(
  kind: TokenKind,
  app: WechatApp,
  fetchFresh: () => Promise<{ value: string; expiresIn: number }>,
  now: () => number = Date.now,
  // Tests: skip this process's single flight to act as many processes, leaving only the row lock between them.
  { processSingleFlight = true } = {},
): Promise<string> {
  const [row] = await getDb().select().from(wechatTokens).where(eq(wechatTokens.kind, kind));
  const cached = freshValue(row, app, now());
  if (cached) return cached;
  if (!processSingleFlight) return refresh(kind, app, fetchFresh, now);
  const running = inFlight.get(kind);
  if (running) return running;
  const job = refresh(kind, app, fetchFresh, now).finally(() => inFlight.delete(kind));
  inFlight.set(kind, job);
  return job;
}

async function refresh(
  kind: TokenKind,
  app: WechatApp,
  fetchFresh: () => Promise<{ value: string; expiresIn: number }>,
  now: () => number,
) {
  const db = getDb();
  await db
    .insert(wechatTokens)
    .values({ kind, expiresAt: new Date(0) })
    .onConflictDoNothing();
  return db.transaction(async (tx) => {
    await liftTimeouts(tx, 30_000, LOCK_WAIT_MS);
    const [row] = await tx.select().from(wechatTokens).where(eq(wechatTokens.kind, kind)).for('update');
    const cached = freshValue(row, app, now());
    if (cached) return cached;
    const got = await fetchFresh();
    await tx
      .update(wechatTokens)
      .set({ appId: app.appId, value: got.value, expiresAt: new Date(now() + got.expiresIn * 1000), updatedAt: new Date(now()) })
      .where(eq(wechatTokens.kind, kind));
    return got.value;
  });
}

/** A provider answer without a value, or with a nonsense lifetime, is not cached. */
function validToken(value: unknown, expiresIn: unknown): { value: string; expiresIn: number } {
  const seconds = Number(expiresIn ?? 7200);
  if (typeof value !== 'string' || !value || !Number.isFinite(seconds) || seconds <= 0)
    throw new ApiError(CODES.unavailable, SERVER_MSG.wxUnreachable);
  return { value, expiresIn: seconds };
}

/** Marks `kind` stale (the provider said it is no longer valid), so the next call refreshes it. */
export async function dropToken(kind: TokenKind): Promise<void> {
  await getDb()
    .update(wechatTokens)
    .set({ expiresAt: new Date(0) })
    .where(eq(wechatTokens.kind, kind));
}

/** `/cgi-bin/token` (client_credential), cached for its lifetime. */
export function accessToken(app: WechatApp, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): Promise<string> {
  return cachedToken(
    'access_token',
    app,
    async () => {
      const body = await wechatGet<{ access_token?: string; expires_in?: number }>(
        app,
        '/cgi-bin/token',
        { grant_type: 'client_credential', appid: app.appId, secret: app.appSecret },
        fetchImpl,
      );
      return validToken(body.access_token, body.expires_in);
    },
    now,
  );
}

/**
 * `/cgi-bin/ticket/getticket?type=jsapi`, cached for its lifetime. The token is read before the ticket's row lock is
 * taken (PGlite runs one transaction at a time); a ticket request refused for a stale token drops it and tries once more.
 */
export async function jsapiTicket(app: WechatApp, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(app, fetchImpl, now);
    try {
      return await cachedToken(
        'jsapi_ticket',
        app,
        async () => {
          const body = await wechatGet<{ ticket?: string; expires_in?: number }>(
            app,
            '/cgi-bin/ticket/getticket',
            { access_token: token, type: 'jsapi' },
            fetchImpl,
          );
          return validToken(body.ticket, body.expires_in);
        },
        now,
      );
    } catch (err) {
      if (attempt === 0 && err instanceof WechatApiError && TOKEN_INVALID_ERRCODES.has(err.errcode)) {
        await dropToken('access_token');
        continue;
      }
      throw err;
    }
  }
}
