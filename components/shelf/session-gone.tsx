import { headers } from 'next/headers';
import { GuardScreen } from '@/components/account/guard-screen';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';

/**
 * A login page reached with a member cookie whose session is gone (the guard only sees that a cookie exists):
 * the guard screen of docs/accounts.md "Route guard", then sign-in for this browser, coming back to `path`.
 */
export async function SessionGone({ path }: { path: string }) {
  const ua = detectUa((await headers()).get('user-agent'));
  return <GuardScreen loginUrl={loginDestination(path, ua.wechat || ua.socialApp || ua.shortVideo)} />;
}
