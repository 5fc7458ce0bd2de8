'use client';

import Cookies from 'js-cookie';
import { OWN_WRITE_COOKIE, OWN_WRITE_WINDOW_S } from '@/lib/shared/cookies';

/**
 * A reader's reads right after their own write (docs/deploy.md "What may lag"). Public answers carry
 * `public, max-age=60, stale-while-revalidate=300`, so nginx, a CDN or this browser may still hold a copy from before
 * the reader's tip or comment. The write's answer leaves the own-write cookie (it survives reloads and reaches every
 * tab); while it lives, this reader's reads of those answers carry `fresh=` with the write's time — a URL no shared
 * cache holds — and skip the browser's cache. Everyone else keeps reading the shared URL.
 */
let markedAt = 0;

/** The write just answered: mark it here too, for a client whose cookies the server's answer could not set. */
export function markOwnWrite(now = Date.now()): void {
  markedAt = now;
}

/** The time of this reader's last public-facing write still within the window, or 0. */
export function ownWriteAt(now = Date.now()): number {
  const fromCookie = Number(Cookies.get(OWN_WRITE_COOKIE));
  const at = Math.max(markedAt, Number.isFinite(fromCookie) ? fromCookie : 0);
  return at > 0 && now - at <= OWN_WRITE_WINDOW_S * 1000 ? at : 0;
}

export function pastSharedCaches(path: string, now = Date.now()): string {
  const at = ownWriteAt(now);
  if (!at) return path;
  return `${path}${path.includes('?') ? '&' : '?'}fresh=${at}`;
}
