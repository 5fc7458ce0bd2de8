import type { NextRequest } from 'next/server';
import { hlsWorker } from '@/lib/server/audio/hls-worker';

// GET /audio/hls.worker.js?v={hls.js version} — the player's transmuxing worker (docs/listening.md "Player rules").
// A page of another release asks for its own version: 404, and its hls.js transmuxes on the page as before, rather
// than talk to a worker of another protocol. Same origin, so the CSP's worker-src 'self' lets it run.
export async function GET(req: NextRequest): Promise<Response> {
  const { version, script } = await hlsWorker();
  if (req.nextUrl.searchParams.get('v') !== version) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(script), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' },
  });
}
