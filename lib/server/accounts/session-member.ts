import 'server-only';
import { cookies, headers } from 'next/headers';
import { COOKIE } from '@/lib/shared/cookies';
import { findMemberByToken, readToken, type CurrentMember } from './current-member';

/** The signed-in member for a page render (same token rules as the API). */
export async function currentMember(): Promise<CurrentMember | null> {
  const presented = readToken(await headers(), (await cookies()).get(COOKIE.memberToken)?.value);
  return presented ? findMemberByToken(presented.token) : null;
}
