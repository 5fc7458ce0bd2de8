import 'server-only';
import { isIP } from 'node:net';
import { peerAddress } from './peer';

/** Where a request comes from when the socket address is not known (a server started without scripts/server.mjs). */
export const UNKNOWN_IP = '0.0.0.0';

/** TRUST_PROXY: how many reverse-proxy hops in front of us append to X-Forwarded-For (0 = none, the default). */
export function trustedProxyHops(): number {
  const value = Number(process.env.TRUST_PROXY ?? 0);
  return Number.isInteger(value) && value > 0 && value <= 10 ? value : 0;
}

function normalize(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address, for rate limits and records (docs/abuse.md "Client addresses"). The socket address
 * unless TRUST_PROXY=N: then each of our N proxies appended the address it saw, so the Nth entry from the right of
 * X-Forwarded-For is the one the outermost proxy saw — everything left of it is whatever the client wrote.
 * An entry that is not an IP address, or a header too short, falls back to the socket address.
 */
export function clientIp(req: { headers: Headers }): string {
  const socket = peerAddress(req.headers);
  const fallback = socket ? normalize(socket) : UNKNOWN_IP;
  const hops = trustedProxyHops();
  if (!hops) return fallback;
  const entries = (req.headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim());
  if (entries.length < hops) return fallback;
  const candidate = entries[entries.length - hops]!;
  return isIP(candidate) ? normalize(candidate) : fallback;
}
