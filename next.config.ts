import path from 'node:path';
import type { NextConfig } from 'next';
import { securityHeaders } from './lib/server/http/security-headers';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled; so do eSpeak
  // (its voice data, loaded by the synthesis worker) and the ffmpeg installer (it finds its binary beside itself).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@echogarden/espeak-ng-emscripten'],
  poweredByHeader: false,
  cacheLife: {
    // Public catalogue reads: refreshed in the background after 5 minutes, dropped at once by their tags, and
    // never kept more than a day. Browsers' router cache may reuse them for 30 s.
    catalogue: { stale: 30, revalidate: 300, expire: 86400 },
  },
  // Our handler for every 'use cache' entry: in Redis with REDIS_URL (shared by every server), in this process
  // without; either way background jobs expire tags through it (docs/deploy.md "Shared cache").
  cacheHandlers: { default: path.join(process.cwd(), 'lib/cache/use-cache-handler.cjs') },
  // With REDIS_URL the cached pages (static shells) are shared too, with the same tag times; without it Next's own
  // in-process page cache stays. No in-memory layer in front of Redis: a copy kept in one process would miss
  // another server's invalidation.
  ...(process.env.REDIS_URL ? { cacheHandler: path.join(process.cwd(), 'lib/cache/redis-cache-handler.cjs'), cacheMaxMemorySize: 0 } : {}),
  reactStrictMode: true,
  // Source maps for the browser's chunks, only in a build made to profile them (bench/load-trace.mjs): shipped
  // otherwise, they would publish our sources to anyone.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === '1',
  // Back/forward and quick revisits reuse the page the reader just saw (and its scroll position) for 30 s.
  // 'use cache' without cache components: partial prerendering (cacheComponents) would send a book's shell with 200
  // before the page finds the book missing or off the shelf (docs/architecture.md "Towards static shells"), so the
  // directive alone is switched on.
  // `npm test` builds after its own type check has passed and from a clean checkout in CI: it sets BUILD_TYPES_CHECKED=1
  // and BUILD_FS_CACHE=0 so the build neither checks the types a second time nor writes Turbopack's cache for a
  // rebuild that a clean checkout never makes (108 s → 42 s here; docs/development.md "The suite's budget").
  experimental: {
    staleTimes: { dynamic: 30 },
    useCache: true,
    turbopackFileSystemCacheForBuild: process.env.BUILD_FS_CACHE !== '0',
  },
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // Every response, static files and the API included (docs/web-security.md). Next writes these into the build, so
  // SITE_URL at build time decides HSTS and upgrade-insecure-requests.
  async headers() {
    // The bridge keeps no-referrer (its one-time code must not reach the next page's Referer): config headers
    // override a route's own, and the later entry wins.
    return [
      { source: '/:path*', headers: securityHeaders() },
      { source: '/bridge', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
    ];
  },
};

export default nextConfig;
