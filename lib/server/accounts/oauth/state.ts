import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AgreedVersions } from '@/lib/shared/agreements';
import { returnPathOr } from '@/lib/shared/return-path';
import { hmac } from '../../secret';

export const STATE_COOKIE = 'oauth_state';
export const STATE_TTL_S = 600;

export interface OAuthStart {
  next: string;
  /** The agreement versions ticked before leaving for the provider (docs/agreements.md "Agreeing at sign-in"). */
  agreed: AgreedVersions;
}

/** state goes to the provider; the cookie binds it to this browser and carries `next` and the agreed versions, signed. */
export function createOAuthState(next: string, agreed: AgreedVersions): { state: string; cookie: string } {
  const state = randomBytes(16).toString('base64url');
  const payload = `${state}.${Buffer.from(returnPathOr(next)).toString('base64url')}.${agreed.user}-${agreed.privacy}.${Date.now()}`;
  return { state, cookie: `${payload}.${hmac(`oauth:${payload}`)}` };
}

/** What the flow started with, or null when the state is forged, mismatched or stale. */
export function verifyOAuthState(state: string | null, cookie: string | undefined, now = Date.now()): OAuthStart | null {
  if (!state || !cookie) return null;
  const parts = cookie.split('.');
  if (parts.length !== 5) return null;
  const [cookieState, next64, versions, issued, mac] = parts as [string, string, string, string, string];
  const expected = Buffer.from(hmac(`oauth:${cookieState}.${next64}.${versions}.${issued}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (cookieState !== state || now - Number(issued) > STATE_TTL_S * 1000) return null;
  const [user, privacy] = versions.split('-').map(Number);
  return { next: returnPathOr(Buffer.from(next64, 'base64url').toString()), agreed: { user: user!, privacy: privacy! } };
}
