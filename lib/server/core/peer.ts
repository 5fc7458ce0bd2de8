import 'server-only';
import { timingSafeEqual } from 'node:crypto';

/**
 * The socket address of the client, as handed over by scripts/server.mjs (docs/abuse.md "Client addresses").
 * Next's route handlers never see the socket, so the custom server overwrites PEER_HEADER with
 * `req.socket.remoteAddress` on every request, together with PEER_KEY_HEADER carrying a random secret of this
 * process. A client can send both headers, but it cannot know the secret: without it the address is ignored,
 * so under `next dev` or `next start` the socket address is simply unknown.
 */
export const PEER_HEADER = 'x-shusheng-peer';
export const PEER_KEY_HEADER = 'x-shusheng-peer-key';

const holder = globalThis as typeof globalThis & { __shushengPeerSecret?: string };

/** The secret scripts/server.mjs put on globalThis; undefined when the server was started another way. */
export function peerSecret(): string | undefined {
  return holder.__shushengPeerSecret;
}

/** What scripts/server.mjs saw of this request's connection, or null when no genuine record came with it. */
function peer(headers: Headers): { address: string; forwarded: boolean } | null {
  const secret = peerSecret();
  const given = headers.get(PEER_KEY_HEADER);
  const value = headers.get(PEER_HEADER);
  if (!secret || !given || !value || given.length !== secret.length) return null;
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(secret))) return null;
  const [raw = '', flag] = value.split(';');
  if (!raw) return null;
  return { address: raw.startsWith('::ffff:') ? raw.slice(7) : raw, forwarded: flag === 'forwarded=1' };
}

/** The socket address of this request, or null when no genuine one came with it. */
export function peerAddress(headers: Headers): string | null {
  return peer(headers)?.address ?? null;
}

/** The record scripts/server.mjs writes (also used by tests that stand in for it). */
export function peerHeaderValue(address: string, forwarded = false): string {
  return `${address};forwarded=${forwarded ? 1 : 0}`;
}

export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}

/**
 * The demo switches (SMS_DEV_INBOX, OAUTH_LOCAL) answer only a browser on this machine: the socket is loopback and
 * no proxy forwarded the request. A reverse proxy on the same host connects from 127.0.0.1 too, but it says so
 * with X-Forwarded-For, Forwarded or X-Real-IP as it arrives (noted by scripts/server.mjs before Next adds an
 * X-Forwarded-For of its own); a local client that sends those only locks itself out.
 */
export function isLocalClient(headers: Headers): boolean {
  const seen = peer(headers);
  return Boolean(seen && isLoopbackAddress(seen.address) && !seen.forwarded);
}
