import 'server-only';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/pg-errors';
import type { OrderFailure } from '@/lib/shared/order-failure';

/** Why a paid action was refused, for callers that must not read the Chinese message (docs/wallet-orders.md). */
export type ApiErrorReason = OrderFailure;

/**
 * The one table of API errors: business code → HTTP status and default Chinese message.
 * Codes 9xxxx are the client's error catalogue (docs/shell.md "Error catalogue in the browser"); 4xxxx/5xxxx are ours (README "Error codes").
 */
export const ERROR_TABLE = {
  [CODES.paymentNeeded]: { status: 402, message: SERVER_MSG.paymentNeeded },
  [CODES.notLoggedIn]: { status: 401, message: SERVER_MSG.notLoggedIn },
  [CODES.follow]: { status: 403, message: SERVER_MSG.followNeeded },
  [CODES.unblock]: { status: 403, message: SERVER_MSG.blocked },
  [CODES.wholeBook]: { status: 409, message: SERVER_MSG.wholeBookOnly },
  [CODES.offShelf]: { status: 410, message: SERVER_MSG.offShelf },
  [CODES.minorsMode]: { status: 403, message: MINORS_TEXT.refused },
  [CODES.validation]: { status: 400, message: MSG.invalidParams },
  [CODES.forbidden]: { status: 403, message: MSG.invalidParams },
  [CODES.notFound]: { status: 404, message: SERVER_MSG.notFound },
  [CODES.methodNotAllowed]: { status: 405, message: SERVER_MSG.methodNotAllowed },
  [CODES.conflict]: { status: 409, message: SERVER_MSG.conflict },
  [CODES.tooLarge]: { status: 413, message: SERVER_MSG.bodyTooLarge },
  [CODES.loadShed]: { status: 418, message: MSG.err418 },
  [CODES.rateLimited]: { status: 429, message: SERVER_MSG.rateLimited },
  [CODES.internal]: { status: 500, message: MSG.serverBusy },
  [CODES.unavailable]: { status: 503, message: MSG.serverBusy },
} as const satisfies Record<number, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly data?: unknown,
    readonly reason?: ApiErrorReason,
  ) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = 'ApiError';
    this.status = ERROR_TABLE[code].status;
  }
}

export const notFound = (message: string = SERVER_MSG.notFound) => new ApiError(CODES.notFound, message);
export const invalid = (message: string = MSG.invalidParams, data?: unknown) => new ApiError(CODES.validation, message, data);

/**
 * A database that is down, full or timed out answers 503 with the busy text, not a 500 (docs/operations.md "Outages");
 * so does a transaction still chosen as a deadlock's victim after its retries: it rolled back whole, and the client's
 * retry is safe.
 */
export const dbUnavailable = (err: unknown): ApiError | undefined =>
  isDatabaseUnavailable(err) || isTransactionConflict(err) ? new ApiError(CODES.unavailable) : undefined;
