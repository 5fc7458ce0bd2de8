import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';

/**
 * Where a signed-out tap in a modal goes: sign-in (or the in-app OAuth inside a messaging or social app), coming
 * back to this page (docs/accounts.md "Route guard"). Browser only: modals open on a tap, so window is there.
 */
export function loginUrlHere(): string {
  const ua = detectUa(navigator.userAgent);
  return loginDestination(`${window.location.pathname}${window.location.search}`, ua.wechat || ua.socialApp || ua.shortVideo);
}
