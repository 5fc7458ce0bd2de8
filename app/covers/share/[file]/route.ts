import type { NextRequest } from 'next/server';
import { cachedShareImage, cardVersion, shareCardFor, type ShareSubject } from '@/lib/server/sharing/share-images';
import { MAX_ID } from '@/lib/shared/constants';

const notFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'public, max-age=60' } });

// GET /covers/share/{novel|chapter|booklist}-{id}-{wide|square}.png?v= — PNG share previews: 1200 × 630 for Open Graph,
// 600 × 600 for the messaging app (docs/sharing.md "Preview images"). The current version's address is immutable for a
// year; without it, or with an old one, the current picture is sent for five minutes.
export async function GET(req: NextRequest, { params }: { params: Promise<{ file: string }> }) {
  const match = /^(novel|chapter|booklist)-(\d{1,10})-(wide|square)\.png$/.exec((await params).file);
  const id = match ? Number(match[2]) : 0;
  if (!match || id < 1 || id > MAX_ID) return notFound();
  const subject = match[1] as ShareSubject;
  const size = match[3] as 'wide' | 'square';
  const card = await shareCardFor(subject, id);
  if (!card) return notFound();
  const png = await cachedShareImage({ subject, id, size }, card);
  const current = req.nextUrl.searchParams.get('v') === cardVersion(card);
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      etag: `"${cardVersion(card)}-${size}"`,
    },
  });
}
