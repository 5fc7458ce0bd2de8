import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { idSchema } from '@/lib/shared/schemas/common';
import { authorizeMedia, chapterSegment, forbiddenMedia, MEDIA_CACHE, mediaRefusal } from '@/lib/server/audio/media';

// GET /audio/{aid}/{n}.ts?v&m&e&s — one MPEG-TS segment (AAC-LC mono) of the chapter's audio version v, for the
// member the URL was signed for. Segments never change once written, so the listener's browser may keep them.
export async function GET(req: NextRequest, { params }: { params: Promise<{ aid: string; segment: string }> }): Promise<Response> {
  const { aid: rawAid, segment } = await params;
  const aid = idSchema.safeParse(rawAid);
  if (!aid.success) return mediaRefusal(CODES.notFound, SERVER_MSG.notFound);
  if (!(await authorizeMedia(req, aid.data))) return forbiddenMedia();
  const bytes = await chapterSegment(aid.data, req.nextUrl.searchParams.get('v'), segment);
  if (!bytes) return mediaRefusal(CODES.notFound, SERVER_MSG.notFound);
  return new Response(new Uint8Array(bytes), {
    headers: { 'content-type': 'video/mp2t', 'content-length': String(bytes.length), 'cache-control': MEDIA_CACHE },
  });
}
