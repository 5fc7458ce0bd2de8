/**
 * Whether a raw request path holds a percent-escape that does not decode (`%FF`, a cut-off `%E0%A4%A`). Next's own
 * router answers those with a 500 before any page or route handler runs, so the guard (proxy.ts) turns them away
 * first with a 4xx (docs/web-security.md "Malformed paths").
 */
export function hasMalformedEscape(pathname: string): boolean {
  if (!pathname.includes('%')) return false;
  return pathname.split('/').some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}
