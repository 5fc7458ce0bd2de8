import { Serwist } from 'serwist';
import { setMember } from './members';
import { keepRecent, type RecentMessage } from './recent';
import { recheck } from './recheck';
import { routes } from './routes';
import { scope } from './scope';

/**
 * Shusheng's service worker (docs/offline.md "The service worker"), bundled into public/sw.js by
 * scripts/build-sw.mjs. Nothing is cached at install (no precache): what it keeps, and for whom, is in routes.ts.
 * Only the library's router and fetch handling are used; its install, activate and message handlers (precache,
 * and caching any address a page posts) are left out on purpose.
 */
const serwist = new Serwist({ skipWaiting: true, clientsClaim: true });
for (const route of routes) serwist.registerRoute(route);

scope.addEventListener('fetch', (event) => serwist.handleFetch(event as Parameters<Serwist['handleFetch']>[0]));

scope.addEventListener('message', (event) => {
  const data = (event.data ?? {}) as { type?: unknown; id?: unknown; force?: unknown };
  if (data.type === 'member') event.waitUntil(setMember(data.id));
  if (data.type === 'recheck') event.waitUntil(recheck(data.id, data.force === true));
  if (data.type === 'recent') event.waitUntil(keepRecent(data as RecentMessage));
});
