import { CODES } from '@/lib/shared/dto/envelope';
import { ERR_418_RELOAD_MS } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';
import { detectUa } from '@/lib/shared/ua';
import { ApiClientError, setFailureHandler } from './api';
import { clearMember, memberId } from './identity';
import { toast } from './stores/toast-store';
import { postLog } from './post-log';
import { useModalStore } from './stores/modal-store';

export interface Navigator {
  assign: (url: string) => void;
  reload: () => void;
  alert: (message: string) => void;
  currentPath: () => string;
  userAgent: () => string;
}

const browserNavigator: Navigator = {
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
  alert: (message) => window.alert(message),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  userAgent: () => window.navigator.userAgent,
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

/** Where 90001 (payment needed) sends the reader, by browser (spec §8). */
export function rechargeDestination(ua: string, articleId: number | undefined, returnPath: string): string {
  const info = detectUa(ua);
  const recharge = `/recharge/start?${new URLSearchParams({ ...(articleId ? { aid: String(articleId) } : {}), return: returnPath })}`;
  if (info.miniProgram) return '/m/miniapp';
  if (info.wechat && info.ios) {
    const bridge = `/bridge?${new URLSearchParams({ return: returnPath })}`;
    return `/m/guide?url=${encodeURIComponent(bridge)}`;
  }
  return recharge;
}

/** The client half of spec §8: what the reader sees for each failure. */
export function handleApiFailure(error: ApiClientError, nav: Navigator = browserNavigator): void {
  const here = nav.currentPath();
  switch (error.code) {
    case CODES.notLoggedIn:
      clearMember();
      nav.assign(`/m/login?next=${encodeURIComponent(here)}`);
      return;
    case CODES.paymentNeeded: {
      const target = rechargeDestination(nav.userAgent(), numberFrom(error.data, 'article_id', 'aid'), here);
      // Short-video in-app browsers drop a navigation made in the same tick as the tap.
      if (detectUa(nav.userAgent()).shortVideo) setTimeout(() => nav.assign(target), 100);
      else nav.assign(target);
      return;
    }
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
export function reportFailure(error: ApiClientError, request: { method: string; url: string; body: unknown; headers: Record<string, string> }): void {
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
    handleApiFailure(error);
  });
}
