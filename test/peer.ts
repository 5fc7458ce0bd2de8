import { PEER_HEADER, PEER_KEY_HEADER, peerHeaderValue } from '@/lib/server/core/peer';

const holder = globalThis as typeof globalThis & { __shushengPeerSecret?: string };

/**
 * The headers scripts/server.mjs writes for a connection from `address`: tests stand in for the custom server, which
 * in a real process owns the secret on globalThis.
 */
export function peerHeaders(address: string, forwarded = false): Record<string, string> {
  holder.__shushengPeerSecret ??= 'test-peer-secret-0123456789abcdef';
  return { [PEER_HEADER]: peerHeaderValue(address, forwarded), [PEER_KEY_HEADER]: holder.__shushengPeerSecret };
}
