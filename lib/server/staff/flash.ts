import 'server-only';
import { hmac } from '../secret';

/**
 * The one-line result a console form shows after its redirect (docs/console.md "Pages"). It travels in the URL so
 * the pages work without JavaScript or a flash cookie, and is signed so a link from elsewhere cannot make the
 * console display words of its choosing.
 */
export type FlashKind = 'ok' | 'err';
export interface Flash {
  kind: FlashKind;
  text: string;
}

const sign = (kind: FlashKind, text: string) => hmac(`console-flash:${kind}:${text}`).slice(0, 24);

export function withFlash(path: string, flash: Flash): string {
  const url = new URL(path, 'http://x');
  for (const key of ['ok', 'err', 'fs']) url.searchParams.delete(key);
  url.searchParams.set(flash.kind, flash.text.slice(0, 200));
  url.searchParams.set('fs', sign(flash.kind, flash.text.slice(0, 200)));
  return `${url.pathname}${url.search}`;
}

/** The flash of a page's query, only when its signature holds. */
export function readFlash(query: Record<string, string | string[] | undefined>): Flash | null {
  const fs = typeof query.fs === 'string' ? query.fs : '';
  for (const kind of ['ok', 'err'] as const) {
    const text = query[kind];
    if (typeof text === 'string' && fs && sign(kind, text) === fs) return { kind, text };
  }
  return null;
}
