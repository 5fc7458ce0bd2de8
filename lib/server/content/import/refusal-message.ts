import 'server-only';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { invalid, type ApiError } from '../../http/errors';
import { isRefusal, type RefusalArg, type RefusalCode } from './refusal.mjs';

type EncodingKey = keyof typeof T.encodings;
const encodingName = (key: string) => T.encodings[key as EncodingKey] ?? key;

/** A refusal of the parsing code (refusal.mjs) as the 400 its message makes. */
export function refusalError(code: RefusalCode, arg?: RefusalArg): ApiError {
  if (code === 'ambiguousEncoding') return invalid(T.ambiguousEncoding((Array.isArray(arg) ? arg : []).map(encodingName)));
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
