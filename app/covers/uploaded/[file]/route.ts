import { audioStorage } from '@/lib/server/audio/storage';
import { COVER_TYPES, type CoverExt } from '@/lib/server/content/import/cover';
import { novelCoverKey } from '@/lib/server/content/import/drafts';
import { MAX_ID } from '@/lib/shared/constants';

// GET /covers/uploaded/{novelId}-{hash}.{png|jpg|webp}: a cover uploaded with an import or in the console, from the
// storage the audio uses (docs/content.md "Covers"). The name holds the content hash, so the answer never changes:
// cached for a year. A replaced or removed cover's file is deleted, so its name answers 404, and a 404 is not kept.
const notFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const match = /^(\d{1,10})-([0-9a-f]{16})\.(png|jpg|webp)$/.exec(file);
  const id = match ? Number(match[1]) : 0;
  if (!match || id < 1 || id > MAX_ID) return notFound();
  const ext = match[3] as CoverExt;
  const bytes = await audioStorage().read(novelCoverKey(id), `${match[2]}.${ext}`);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': COVER_TYPES[ext],
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
