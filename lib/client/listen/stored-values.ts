import { readKey, type ListenKey } from './storage';

/** What the mini player and the lock screen show of the novel being heard. */
export interface ListenNovel {
  id: number;
  title: string;
  thumb: string;
  ctype: number;
  author: string;
}

/** listen.article: the chapter being heard and the one that follows it (0 after the last). */
export interface ListenArticle {
  id: number;
  next_id: number;
  novel_id: number;
}

export function readJson<T>(key: ListenKey, valid: (v: unknown) => v is T): T | null {
  const raw = readKey(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

export function readNumber(key: ListenKey, fallback: number): number {
  const raw = readKey(key);
  const n = raw === null || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

export function isListenNovel(v: unknown): v is ListenNovel {
  const o = v as ListenNovel | null;
  return (
    Boolean(o) &&
    isId(o!.id) &&
    o!.id > 0 &&
    typeof o!.title === 'string' &&
    typeof o!.thumb === 'string' &&
    isId(o!.ctype) &&
    typeof o!.author === 'string'
  );
}

export function isListenArticle(v: unknown): v is ListenArticle {
  const o = v as ListenArticle | null;
  return Boolean(o) && isId(o!.id) && o!.id > 0 && isId(o!.next_id) && isId(o!.novel_id) && o!.novel_id > 0;
}
