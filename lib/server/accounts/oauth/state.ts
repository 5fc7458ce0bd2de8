import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { returnPathOr } from '@/lib/shared/return-path';
import { hmac } from '../../secret';

export const STATE_COOKIE = 'oauth_state';
export const STATE_TTL_S = 600;

/** state goes to the provider; the cookie binds it to this browser and carries `next`, signed. */
export function createOAuthState(next: string): { state: string; cookie: string } {
  const state = randomBytes(16).toString('base64url');
  const payload = `${state}.${Buffer.from(returnPathOr(next)).toString('base64url')}.${Date.now()}`;
  return { state, cookie: `${payload}.${hmac(`oauth:${payload}`)}` };
}

/** The `next` path the flow started with, or null when the state is forged, mismatched or stale. */
export function verifyOAuthState(state: string | null, cookie: string | undefined, now = Date.now()): string | null {
  if (!state || !cookie) return null;
  const parts = cookie.split('.');
  if (parts.length !== 4) return null;
  const [cookieState, next64, issued, mac] = parts as [string, string, string, string];
  const expected = Buffer.from(hmac(`oauth:${cookieState}.${next64}.${issued}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (cookieState !== state || now - Number(issued) > STATE_TTL_S * 1000) return null;
  return returnPathOr(Buffer.from(next64, 'base64url').toString());
}
