import 'server-only';
import type { EngineLimits } from './config';

/** A failed answer or request; `retryable` says whether another attempt may succeed. */
export class EngineRequestError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** From Retry-After, when the service said how long to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'EngineRequestError';
  }
}

/** Largest answer read: a paragraph is seconds of audio (a few MB as WAV); more is a broken or hostile service. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Longest wait a Retry-After may impose: beyond it a listener is better served by the fallback. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** Retry-After in seconds or as an HTTP date, in ms (capped), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

/** The wait before attempt `attempt` (1 for the first retry): exponential, with full jitter in its upper half. */
export function backoffMs(base: number, attempt: number, random = Math.random): number {
  const ceiling = base * 2 ** (attempt - 1);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends one request with the engine's timeout, retrying what can succeed on another attempt: network errors,
 * timeouts, 5xx and 429 (after its Retry-After, capped). Other 4xx are our mistake or a bad key: no retry.
 * Resolves with the body of the first 2xx answer and its content type.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  limits: Pick<EngineLimits, 'timeoutMs' | 'retries' | 'backoffMs'>,
  onRetry?: (err: EngineRequestError, attempt: number) => void,
): Promise<{ body: Buffer; contentType: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await once(url, init, limits.timeoutMs);
    } catch (err) {
      const e = err instanceof EngineRequestError ? err : new EngineRequestError(String(err), false);
      if (!e.retryable || attempt >= limits.retries) throw e;
      onRetry?.(e, attempt + 1);
      await sleep(e.retryAfterMs ?? backoffMs(limits.backoffMs, attempt + 1));
    }
  }
}

async function once(url: string, init: RequestInit, timeoutMs: number): Promise<{ body: Buffer; contentType: string }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    // No redirects: a key header of our own (Azure's) would follow one to wherever it points.
    const res = await fetch(url, { ...init, redirect: 'manual', signal: abort.signal }).catch((err: unknown) => {
      throw abort.signal.aborted
        ? new EngineRequestError(`timed out after ${timeoutMs} ms`, true)
        : new EngineRequestError(`network error: ${(err as Error)?.cause ?? (err as Error)?.message ?? err}`, true);
    });
    if (res.status >= 300 && res.status < 400)
      throw new EngineRequestError(`HTTP ${res.status}: redirects are not followed (check the base URL)`, false, res.status);
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ');
      const retryable = res.status === 429 || res.status >= 500;
      throw new EngineRequestError(
        `HTTP ${res.status}${text ? `: ${text}` : ''}`,
        retryable,
        res.status,
        res.status === 429 || res.status === 503 ? retryAfterMs(res.headers.get('retry-after')) : undefined,
      );
    }
    if (Number(res.headers.get('content-length')) > MAX_ANSWER_BYTES) {
      abort.abort();
      throw new EngineRequestError(`answer larger than ${MAX_ANSWER_BYTES} bytes`, false);
    }
    // The body may stall after the headers: the same timer covers it.
    const body = Buffer.from(
      await res.arrayBuffer().catch((err: unknown) => {
        throw new EngineRequestError(
          abort.signal.aborted ? `timed out after ${timeoutMs} ms` : `network error: ${(err as Error)?.message}`,
          true,
        );
      }),
    );
    return { body, contentType: res.headers.get('content-type') ?? '' };
  } finally {
    clearTimeout(timer);
  }
}
