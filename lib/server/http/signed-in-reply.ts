import 'server-only';
import type { NextRequest } from 'next/server';
import type { SignedIn } from '../accounts/login';
import { ApiReply } from './reply';
import { sessionCookies } from './session-cookies';

/** A sign-in answer: the session in cookies for the web, and in the body for apps that send Bearer. */
export function signedInReply(req: NextRequest, result: SignedIn): ApiReply<SignedIn> {
  return new ApiReply(result, 200, {}, sessionCookies(req, result.member_id, result.token, result.expires_at));
}
