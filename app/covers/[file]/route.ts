import type { NextRequest } from 'next/server';
import { renderArtWebp } from '@/lib/server/catalog/cover/art-raster';
import { getAuthorName, getCoverSource, renderAvatarSvg, renderCoverSvg } from '@/lib/server/catalog/covers';
import { MAX_ID } from '@/lib/shared/constants';

const cacheControl = 'public, max-age=86400, stale-while-revalidate=604800';
const svgHeaders = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': cacheControl };
const webpHeaders = { 'content-type': 'image/webp', 'cache-control': cacheControl };
const notFound = () => new Response('Not found', { status: 404 });

// GET /covers/{id}.svg and /covers/author-{id}.svg — generated covers and avatars (no external images); `?banner=1` the
// 750 × 320 banner; `art=1` the cover's or the banner's art without its words. /covers/{id}.webp (and with
// `?banner=1`) is that art as a picture the browser decodes off its main thread, for thumbnails and the carousel
// (docs/catalogue.md "Covers").
export async function GET(req: NextRequest, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const match = /^(author-)?(\d{1,10})\.(svg|webp)$/.exec(file);
  const id = match ? Number(match[2]) : 0;
  if (!match || id < 1 || id > MAX_ID) return notFound();
  const webp = match[3] === 'webp';
  if (match[1]) {
    const name = webp ? null : await getAuthorName(id);
    return name ? new Response(renderAvatarSvg(id, name), { headers: svgHeaders }) : notFound();
  }
  const source = await getCoverSource(id);
  if (!source) return notFound();
  const search = req.nextUrl.searchParams;
  if (webp) {
    const picture = await renderArtWebp(id, source, search.has('banner') ? 'banner' : 'cover');
    return new Response(new Uint8Array(picture), { headers: webpHeaders });
  }
  const art = search.has('art');
  const banner = search.has('banner') ? (art ? 'art' : 'full') : false;
  return new Response(renderCoverSvg(id, source.title, source.author, banner, source.category, art), {
    headers: svgHeaders,
  });
}
