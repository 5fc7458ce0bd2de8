/**
 * The origin the browser used, from Host (or a reverse proxy's X-Forwarded-*), not the server's own idea of
 * its hostname: a redirect to another host loses the cookies set on this one. A header that does not make a
 * valid origin (`a b`, `[::1`, a proto other than http/https) is ignored rather than failing the request.
 */
export function requestOrigin(req: { headers: Headers; nextUrl: URL }): string {
  const ownProto = req.nextUrl.protocol.replace(':', '');
  const forwardedProto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : ownProto;
  const candidates = [req.headers.get('x-forwarded-host')?.split(',')[0]?.trim(), req.headers.get('host')?.trim(), req.nextUrl.host];
  for (const host of candidates) {
    if (host && isHost(host, proto)) return `${proto}://${host}`;
  }
  return req.nextUrl.origin;
}

/** A bare host[:port] (no path, credentials, spaces or %-escapes) that URL accepts. */
function isHost(host: string, proto: string): boolean {
  if (!/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return false;
  try {
    new URL(`${proto}://${host}`);
    return true;
  } catch {
    return false;
  }
}

export function absoluteUrl(req: { headers: Headers; nextUrl: URL }, path: string): URL {
  return new URL(path, requestOrigin(req));
}
