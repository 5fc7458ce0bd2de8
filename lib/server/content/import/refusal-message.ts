import 'server-only';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { ApiError, invalid } from '../../core/errors';
import { isRefusal, type RefusalArg, type RefusalCode } from './refusal.mjs';

type EncodingKey = keyof typeof T.encodings;
const encodingName = (key: string) => T.encodings[key as EncodingKey] ?? key;

/** A refusal of the parsing code (refusal.mjs) as the 400 its message makes. */
export function refusalError(code: RefusalCode, arg?: RefusalArg): ApiError {
  if (code === 'ambiguousEncoding') {
    // The candidates' keys ride along, so the upload can offer the choice instead of refusing (drafts.ts).
    const candidates = (Array.isArray(arg) ? arg : []).map(String);
    return invalid(T.ambiguousEncoding(candidates.map(encodingName)), { refusal: code, candidates });
  }
  if (code === 'notThisEncoding') return invalid(T.notThisEncoding(encodingName(String(arg ?? ''))));
  const message: string | ((n: number) => string) = T[code];
  return invalid(typeof message === 'function' ? message(typeof arg === 'number' ? arg : 0) : message);
}

/** Runs parsing code in this thread, its refusals turned into their messages. */
export function refusing<R>(parse: () => R): R {
  try {
    return parse();
  } catch (err) {
    throw isRefusal(err) ? refusalError(err.code, err.arg) : err;
  }
}

/** The two (or more) encodings an `ambiguousEncoding` refusal names, or null for any other error. */
export function ambiguousCandidates(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || !err.data || typeof err.data !== 'object') return null;
  const data = err.data as { refusal?: unknown; candidates?: unknown };
  return data.refusal === 'ambiguousEncoding' && Array.isArray(data.candidates) ? data.candidates.map(String) : null;
}
