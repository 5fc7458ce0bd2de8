import 'server-only';
import type { NextRequest } from 'next/server';
import type { SignedIn } from '../accounts/login';
import { secretReply, type ApiReply } from './reply';
import { sessionCookies } from './session-cookies';

/**
 * A sign-in answer: the session in cookies for the web, and in the body for apps that send Bearer. It holds the
 * token, so it is never kept for an x-sig replay.
 */
export function signedInReply(req: NextRequest, result: SignedIn): ApiReply<SignedIn> {
  return secretReply(result, sessionCookies(req, result.member_id, result.token, result.expires_at));
}
