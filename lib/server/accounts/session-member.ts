import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { COOKIE } from '@/lib/shared/cookies';
import { PAGE_PATH_HEADER, unblockPath } from '@/lib/shared/member-paths';
import { findMemberByToken, readToken, type CurrentMember } from './current-member';

/**
 * The signed-in member for a page render (same token rules as the API). A blocked member is sent to the unblock
 * page with this page as the way back (docs/members.md "Blocks"), except where `allowBlocked` (the unblock page).
 */
export async function currentMember(opts: { allowBlocked?: boolean } = {}): Promise<CurrentMember | null> {
  const h = await headers();
  const presented = readToken(h, (await cookies()).get(COOKIE.memberToken)?.value);
  const member = presented ? await findMemberByToken(presented.token) : null;
  if (member?.block && !opts.allowBlocked) redirect(unblockPath(h.get(PAGE_PATH_HEADER) ?? '/m'));
  return member;
}
