import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled; so do eSpeak
  // (its voice data, loaded by the synthesis worker) and the ffmpeg installer (it finds its binary beside itself).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@echogarden/espeak-ng-emscripten', '@ffmpeg-installer/ffmpeg'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Back/forward and quick revisits reuse the page the reader just saw (and its scroll position) for 30 s.
  experimental: { staleTimes: { dynamic: 30 } },
};

export default nextConfig;
