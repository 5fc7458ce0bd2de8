import { navigate } from '@/lib/client/navigate';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';

/** Sends a signed-out reader to sign-in (OAuth inside in-app browsers) and back to where they are. */
export function goSignIn(): void {
  const ua = detectUa(window.navigator.userAgent);
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  navigate.assign(loginDestination(here, ua.wechat || ua.socialApp || ua.shortVideo));
}
