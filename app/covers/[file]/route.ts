import type { NextRequest } from 'next/server';
import { getAuthorName, getCoverSource, renderAvatarSvg, renderCoverSvg } from '@/lib/server/catalog/covers';
import { MAX_ID } from '@/lib/shared/constants';

const svgHeaders = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
};

// GET /covers/{id}.svg and /covers/author-{id}.svg — generated covers and avatars (no external images); `?banner=1` the
// 750 × 320 banner; `art=1` the cover's or the banner's art without its words (docs/catalogue.md "Covers").
export async function GET(req: NextRequest, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const match = /^(author-)?(\d{1,10})\.svg$/.exec(file);
  const id = match ? Number(match[2]) : 0;
  if (!match || id < 1 || id > MAX_ID) return new Response('Not found', { status: 404 });
  if (match[1]) {
    const name = await getAuthorName(id);
    return name ? new Response(renderAvatarSvg(id, name), { headers: svgHeaders }) : new Response('Not found', { status: 404 });
  }
  const source = await getCoverSource(id);
  if (!source) return new Response('Not found', { status: 404 });
  const search = req.nextUrl.searchParams;
  const art = search.has('art');
  const banner = search.has('banner') ? (art ? 'art' : 'full') : false;
  return new Response(renderCoverSvg(id, source.title, source.author, banner, source.category, art), {
    headers: svgHeaders,
  });
}
