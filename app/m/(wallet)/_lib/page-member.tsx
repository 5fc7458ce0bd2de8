import 'server-only';
import { headers } from 'next/headers';
import { currentMember } from '@/lib/server/accounts/session-member';
import type { CurrentMember } from '@/lib/server/accounts/current-member';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { GuardScreen } from '@/components/account/guard-screen';

/** Where this browser signs in to come back to `path`: OAuth inside the messaging, social and short-video apps. */
export async function loginUrlFor(path: string): Promise<string> {
  const ua = detectUa((await headers()).get('user-agent'));
  return loginDestination(path, ua.wechat || ua.socialApp || ua.shortVideo);
}

/**
 * The member behind a login-required wallet page. The route guard already sent visitors without a session
 * cookie to sign in; a cookie whose session has ended gets the guard screen, which clears it and goes there too.
 */
export async function pageMember(
  path: string,
): Promise<{ member: CurrentMember; guard?: never } | { member?: never; guard: React.ReactElement }> {
  const member = await currentMember();
  if (member) return { member };
  return { guard: <GuardScreen loginUrl={await loginUrlFor(path)} /> };
}
