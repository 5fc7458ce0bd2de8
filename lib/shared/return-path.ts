/**
 * The one check for every address we redirect to from a query parameter or a stored value (`next`, `return`,
 * `back`, `cancel`, OAuth state): a path on this site, never another origin (docs/api.md "Return paths").
 *
 * Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` and `/\evil.example` are
 * `//evil.example` to them; and a redirect target may be decoded once more by the page that reads it. So the raw
 * value and each percent-decoding of it must be a plain path: one leading `/` not followed by `/` or `\`, with no
 * control characters, whitespace or backslashes anywhere. It must also resolve to the same origin.
 */
const BASE = 'http://return-path.invalid';
// Whitespace and controls (which browsers strip or mangle) and backslashes, anywhere in the raw value.
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
// In a decoded form a space is only text (`?keyword=a%20b`), but controls and backslashes still are not.
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f-\u009f\\]/;

const leadsOffSite = (value: string) => !value.startsWith('/') || value[1] === '/' || value[1] === '\\';

export function returnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || leadsOffSite(raw) || FORBIDDEN.test(raw)) return null;
  let value = raw;
  for (let round = 0; round < 4 && value.includes('%'); round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // A malformed escape in the value itself is refused; a `%` that only appears after decoding is text.
      if (round === 0) return null;
      break;
    }
    if (decoded === value) break;
    if (leadsOffSite(decoded) || FORBIDDEN_DECODED.test(decoded)) return null;
    value = decoded;
  }
  try {
    if (new URL(raw, BASE).origin !== BASE) return null;
  } catch {
    return null;
  }
  return raw;
}

/** `raw` when it is a safe return path, else `fallback` (the home page unless said otherwise). */
export function returnPathOr(raw: string | null | undefined, fallback = '/m'): string {
  return returnPath(raw) ?? fallback;
}

/**
 * Like returnPathOr, but an absolute http(s) address on one of `hosts` (ours: the payment and reader domains,
 * OWN_HOSTS) is kept as well, provided it carries no userinfo and its path is itself a safe return path.
 */
export function returnAddressOr(raw: string | null | undefined, hosts: readonly string[], fallback = '/m'): string {
  if (raw && /^https?:/i.test(raw)) {
    if (FORBIDDEN.test(raw)) return fallback;
    try {
      const parsed = new URL(raw);
      const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
      if (
        /^https?:\/\/[^/]/i.test(raw) &&
        hosts.includes(parsed.host.toLowerCase()) &&
        !parsed.username &&
        !parsed.password &&
        returnPath(path)
      ) {
        return parsed.toString();
      }
    } catch {
      // Not a URL after all: treated like any other unsafe value.
    }
    return fallback;
  }
  return returnPathOr(raw, fallback);
}
