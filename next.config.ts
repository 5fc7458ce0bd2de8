import path from 'node:path';
import type { NextConfig } from 'next';
import { securityHeaders } from './lib/server/http/security-headers';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled; so do eSpeak
  // (its voice data, loaded by the synthesis worker) and the ffmpeg installer (it finds its binary beside itself).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@echogarden/espeak-ng-emscripten'],
  poweredByHeader: false,
  // With REDIS_URL every server shares one data and page cache, invalidations included (docs/deploy.md "Shared
  // cache"); without it Next's own in-process cache stays. No in-memory layer in front of Redis: a copy kept in one
  // process would miss another server's invalidation.
  ...(process.env.REDIS_URL ? { cacheHandler: path.join(process.cwd(), 'lib/cache/redis-cache-handler.cjs'), cacheMaxMemorySize: 0 } : {}),
  reactStrictMode: true,
  // Back/forward and quick revisits reuse the page the reader just saw (and its scroll position) for 30 s.
  experimental: { staleTimes: { dynamic: 30 } },
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
