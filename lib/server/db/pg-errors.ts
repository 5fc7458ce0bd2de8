import 'server-only';

/**
 * Which database errors mean "the database is unreachable or refused to wait" rather than a bug, so the API can
 * answer 503 and a read can be retried (docs/operations.md "Outages"). Drizzle wraps the driver's error in
 * `Failed query: …` with the original as `cause`, and Node's connect errors may be an AggregateError, so every
 * check walks the whole chain.
 */

// The server closed this connection (admin command, crash, restart): a fresh connection may well work.
const DEAD_CONNECTION_CODES = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE']);
const DEAD_CONNECTION_MESSAGES = [/connection terminated/i, /not queryable/i, /terminating connection/i];

// Refused or timed out: the database is down, full, starting, or a statement waited past its limit.
const UNAVAILABLE_CODES = new Set([
  ...DEAD_CONNECTION_CODES,
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P03', // cannot connect now (starting up, recovering)
  '53300', // too many connections
  '57014', // statement timeout (query cancelled)
  '55P03', // lock timeout
]);
const UNAVAILABLE_MESSAGES = [...DEAD_CONNECTION_MESSAGES, /timeout exceeded when trying to connect/i, /connection timeout/i];

function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
}

function matches(err: unknown, codes: Set<string>, messages: RegExp[]): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && codes.has(e.code)) return true;
    // Driver errors raised before any server answer carry no code; the pool's own wording is all there is.
    if (typeof e.message === 'string' && !e.code && messages.some((m) => m.test(e.message as string))) return true;
  }
  return false;
}

/** The pooled connection died under the query; the statement may be retried on a new one if it only reads. */
export function isDeadConnection(err: unknown): boolean {
  return matches(err, DEAD_CONNECTION_CODES, DEAD_CONNECTION_MESSAGES);
}

/** The database is unreachable, overloaded or a statement hit its timeout: answer 503, not 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return matches(err, UNAVAILABLE_CODES, UNAVAILABLE_MESSAGES);
}

/** Statements that only read and may run twice without harm; anything that locks or writes is never retried. */
export function isRetryableRead(text: string): boolean {
  return (
    /^\s*select\b/i.test(text) &&
    !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text) &&
    !/\b(nextval|setval|pg_advisory)/i.test(text)
  );
}

// The database chose this transaction as a deadlock's victim, or could not serialise it: it rolled back whole.
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** This transaction was rolled back to break a deadlock (or a serialisation conflict): running it again is safe. */
export function isTransactionConflict(err: unknown): boolean {
  return matches(err, CONFLICT_CODES, []);
}

// A statement gave up waiting for a row lock (lock_timeout): its transaction is aborted and rolled back whole.
const LOCK_TIMEOUT_CODES = new Set(['55P03']);

/** A statement waited past lock_timeout for a row another transaction held; the whole transaction was rolled back. */
export function isLockTimeout(err: unknown): boolean {
  return matches(err, LOCK_TIMEOUT_CODES, []);
}

/**
 * Runs a whole transaction again when PostgreSQL rolled it back as a deadlock's victim (docs/wallet.md "Ledger"):
 * nothing of it was written, so the retry is what the client's own retry would be, minus the error. At most
 * `attempts` runs; any other error, or the last conflict, goes to the caller. With `lockTimeouts`, a statement that
 * waited past lock_timeout counts as a conflict too: opening an order and crediting a payment queue on a few hot
 * rows in a rush for a limited pack (docs/wallet-orders.md "Rushes for a limited pack"), and a transaction that
 * waited too long is as safe to run again as a deadlock's victim.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 3, options: { lockTimeouts?: boolean } = {}): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const retryable = isTransactionConflict(err) || (options.lockTimeouts === true && isLockTimeout(err));
      if (i >= attempts || !retryable) throw err;
    }
  }
}
