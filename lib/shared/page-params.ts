import { z } from 'zod';
import { MAX_ID, type LanguageType } from './constants';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Page query parameters never fail a page: anything malformed falls back to the default view. */
const langParam = z.enum(['0', '1', '2']).catch('1').default('1');
const startParam = z.coerce.number().int().min(0).max(100_000).catch(0).default(0);

export function readLang(raw: unknown): LanguageType {
  return Number(langParam.parse(raw)) as LanguageType;
}

export function readStart(raw: unknown): number {
  return startParam.parse(raw);
}

export function readEnum<T extends string>(raw: unknown, values: readonly [T, ...T[]], fallback: T): T {
  return z
    .enum(values)
    .catch(fallback)
    .parse(raw ?? fallback);
}

/** A database id from a path or query, by idSchema's rule: digits only (Number() would also read '1e3', '0x10', ' 7 '), up to MAX_ID. */
export function readId(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : undefined;
}

export function readText(raw: unknown, max = 32): string {
  return typeof raw === 'string' ? raw.trim().slice(0, max) : '';
}

/** `?read_type=2` is the audio kind; anything else the text kind (1). */
export function readReadType(raw: unknown): 1 | 2 {
  return raw === '2' ? 2 : 1;
}
