'use client';

import { useEffect } from 'react';
import { memberId } from '@/lib/client/identity';
import { tellWorkerMember } from '@/lib/client/offline/worker';

/**
 * Registers the service worker (public/sw.js) after the page has loaded, so it never competes with the first
 * load, and tells it who is signed in. Back online, the downloads are re-checked with the server (that code is
 * imported only then). Production only: in development Next's assets change under the same names.
 */
export function OfflineWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const register = () => {
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then(() => tellWorkerMember(Number(memberId()) || null))
        .catch(() => undefined);
    };
    const recheck = () => {
      if (memberId()) void import('@/lib/client/offline/recheck').then((m) => m.recheckNow());
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    window.addEventListener('online', recheck);
    if (navigator.onLine) setTimeout(recheck, 5000);
    return () => {
      window.removeEventListener('load', register);
      window.removeEventListener('online', recheck);
    };
  }, []);
  return null;
}
