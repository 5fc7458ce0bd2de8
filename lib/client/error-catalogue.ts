import { CODES } from '@/lib/shared/dto/envelope';
import { ERR_418_RELOAD_MS } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';
import { detectUa } from '@/lib/shared/ua';
import type { PaymentFlags } from '@/lib/shared/payment-availability';
import { ApiClientError, setFailureHandler } from './api';
import { loadConfigOrDefaults } from './config';
import { rechargeDestination, requestBridgeUrl } from './payment-routing';
import { clearMember, memberId } from './identity';
import { toast } from './stores/toast-store';
import { postLog } from './post-log';
import { navigate } from './navigate';
import { useModalStore } from './stores/modal-store';

export interface Navigator {
  assign: (url: string) => void;
  reload: () => void;
  alert: (message: string) => void;
  currentPath: () => string;
  userAgent: () => string;
  /** The payment flags of the public config (docs/shell.md "Payment availability and recharge doors"). */
  flags: () => Promise<PaymentFlags>;
  /** A one-time bridge address for the iOS messaging app (POST /v1/bridge/code). */
  bridgeUrl: (returnPath: string) => Promise<string>;
}

const browserNavigator: Navigator = {
  assign: (url) => navigate.assign(url),
  reload: () => window.location.reload(),
  alert: (message) => window.alert(message),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  userAgent: () => window.navigator.userAgent,
  flags: loadConfigOrDefaults,
  bridgeUrl: requestBridgeUrl,
};

let shown418 = false;

function numberFrom(data: unknown, ...keys: string[]): number | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const key of keys) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/**
 * 90001: the recharge page, the mini-app guide or the iOS guide with a bridge, by browser (docs/shell.md "Error catalogue in the browser"); where this
 * browser may not take payment the recharge step is skipped and the reader stays on the page (docs/shell.md "Payment availability and recharge doors").
 */
export async function goRecharge(nav: Navigator, articleId: number | undefined, returnPath: string): Promise<void> {
  const ua = nav.userAgent();
  let decision;
  try {
    decision = await rechargeDestination(ua, articleId, returnPath, nav);
  } catch (err) {
    toast(err instanceof ApiClientError ? err.message : MSG.serverBusy);
    return;
  }
  if (decision.kind === 'unavailable') {
    toast(MSG.payUnavailable);
    return;
  }
  // Short-video in-app browsers drop a navigation made in the same tick as the tap.
  if (detectUa(ua).shortVideo) setTimeout(() => nav.assign(decision.url), 100);
  else nav.assign(decision.url);
}

/** goRecharge from the current page, for islands that send the reader to pay (e.g. a "去充值" button). */
export function goRechargeFromHere(articleId?: number): Promise<void> {
  return goRecharge(browserNavigator, articleId, browserNavigator.currentPath());
}

/** The client half of the error codes (docs/shell.md "Error catalogue in the browser"): what the reader sees for each failure; settles once any navigation is decided. */
export async function handleApiFailure(error: ApiClientError, nav: Navigator = browserNavigator): Promise<void> {
  const here = nav.currentPath();
  switch (error.code) {
    case CODES.notLoggedIn:
      clearMember();
      nav.assign(`/m/login?next=${encodeURIComponent(here)}`);
      return;
    case CODES.paymentNeeded:
      return goRecharge(nav, numberFrom(error.data, 'article_id', 'aid'), here);
    case CODES.follow: {
      const params = new URLSearchParams();
      const aid = numberFrom(error.data, 'article_id', 'aid');
      if (aid) params.set('article_id', String(aid));
      const rlid = numberFrom(error.data, 'rlid');
      if (rlid) params.set('rlid', String(rlid));
      nav.assign(`/follow?${params}`);
      return;
    }
    case CODES.wholeBook: {
      const novelId = numberFrom(error.data, 'novel_id', 'nid');
      const price = numberFrom(error.data, 'price');
      if (novelId !== undefined && price !== undefined) useModalStore.getState().open('novel-buy', { novelId, price });
      else toast(error.message);
      return;
    }
    case CODES.offShelf: {
      const novelId = numberFrom(error.data, 'novel_id', 'nid');
      nav.assign(novelId ? `/m/novels/${novelId}/off` : '/m');
      return;
    }
    case CODES.unblock:
      nav.assign(`/embedded/my/unblock?return=${encodeURIComponent(here)}`);
      return;
    default:
      if (error.status === 418) {
        if (shown418) return;
        shown418 = true;
        nav.alert(MSG.err418);
        setTimeout(() => nav.reload(), ERR_418_RELOAD_MS);
        return;
      }
      toast(error.message || MSG.loadFailed);
  }
}

/** Reports a failed response with a status to POST /v1/logs/error_log (type 1); never reports itself. */
export function reportFailure(
  error: ApiClientError,
  request: { method: string; url: string; body: unknown; headers: Record<string, string> },
): void {
  if (error.status === 0 || request.url.includes('/v1/logs/')) return;
  const payload = {
    type: 1,
    headers: { 'x-sig': request.headers['x-sig'], 'x-platform': request.headers['x-platform'] },
    method: request.method,
    params: request.url.split('?')[1] ?? '',
    data: request.body ?? null,
    url: request.url.split('?')[0],
    response: { status: error.status, code: error.code, message: error.message },
    uid: Number(memberId()) || null,
  };
  postLog('/v1/logs/error_log', payload);
}

export function resetErrorCatalogueForTests(): void {
  shown418 = false;
}

/** Installed once by the /m shell. */
export function installErrorCatalogue(): void {
  setFailureHandler((error, request) => {
    reportFailure(error, request);
    void handleApiFailure(error);
  });
}
