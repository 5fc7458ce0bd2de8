/**
 * The origin the browser used, from Host (or a reverse proxy's X-Forwarded-*), not the server's own idea of
 * its hostname: a redirect to another host loses the cookies set on this one.
 */
export function requestOrigin(req: { headers: Headers; nextUrl: URL }): string {
  const host = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || req.headers.get('host') || req.nextUrl.host;
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || req.nextUrl.protocol.replace(':', '');
  return `${proto}://${host}`;
}

export function absoluteUrl(req: { headers: Headers; nextUrl: URL }, path: string): URL {
  return new URL(path, requestOrigin(req));
}
