import 'server-only';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from './errors';

/** docs/api.md "Bodies and other input": one JSON body of at most 64 KB. */
export const MAX_BODY_BYTES = 64 * 1024;

// NUL is refused by PostgreSQL text columns and a lone surrogate cannot be encoded as UTF-8: both would surface
// as a database error (a 500) deep inside a service, so they are refused here as bad input (docs/api.md).
const UNSTORABLE = /\0|\p{Cs}/u;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

function assertStorable(value: unknown, depth = 0): void {
  if (depth > 64) throw new ApiError(CODES.validation, SERVER_MSG.invalidJson);
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw new ApiError(CODES.validation, SERVER_MSG.invalidText);
  } else if (Array.isArray(value)) {
    for (const item of value) assertStorable(item, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) throw new ApiError(CODES.validation, SERVER_MSG.invalidText);
      assertStorable(item, depth + 1);
    }
  }
}

// JSON, or text/plain (what a form-less fetch or beacon may label it); a missing type is read as JSON. Form
// encodings and anything else are refused rather than guessed at.
function isJsonType(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type === 'text/plain' || type.endsWith('+json');
}

/**
 * Reads the body as a stream with a running byte count and stops at the limit, so an oversized post costs at most
 * 64 KB of memory however large it claims or turns out to be (docs/api.md "Bodies and other input").
 */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(req, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(CODES.validation, SERVER_MSG.invalidText);
  }
}

/** The body's bytes, counted as they stream in: past `limit` (declared or sent) 41300 without reading on. */
export async function readBodyBytes(req: Request, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = req.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) {
    throw new ApiError(/^\d+$/.test(declared.trim()) ? CODES.tooLarge : CODES.validation);
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(CODES.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The JSON body of a request: {} when empty; 40000 for another content type, malformed JSON or unstorable text. */
export async function readJsonBody(req: Request): Promise<unknown> {
  if (!isJsonType(req.headers.get('content-type'))) throw new ApiError(CODES.validation, SERVER_MSG.invalidContentType);
  const text = await readBodyText(req);
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(CODES.validation, SERVER_MSG.invalidJson);
  }
  assertStorable(parsed);
  return parsed;
}

/** Query parameters as a plain object; NUL (from %00) is refused like in a body. */
export function readQuery(searchParams: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of searchParams) {
    if (!isStorableText(key) || !isStorableText(value)) throw new ApiError(CODES.validation, SERVER_MSG.invalidText);
    query[key] = value;
  }
  return query;
}

/**
 * Path parameters. Next decodes each segment with decodeURIComponent; a malformed escape (`/v1/novels/%FF%FE`)
 * either rejects the params promise or arrives still encoded, and neither may become a 500 (docs/api.md).
 */
export async function readParams(
  params: Promise<Record<string, string | string[]>> | undefined,
): Promise<Record<string, string | string[]>> {
  let raw: Record<string, string | string[]>;
  try {
    raw = (await params) ?? {};
  } catch {
    throw new ApiError(CODES.validation, MSG.invalidParams);
  }
  for (const value of Object.values(raw)) {
    for (const segment of Array.isArray(value) ? value : [value]) {
      if (typeof segment !== 'string' || !isStorableText(segment) || /%(?![0-9A-Fa-f]{2})/.test(segment))
        throw new ApiError(CODES.validation, MSG.invalidParams);
    }
  }
  return raw;
}
