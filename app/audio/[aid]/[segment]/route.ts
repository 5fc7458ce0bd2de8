import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { idSchema } from '@/lib/shared/schemas/common';
import { authorizeMedia, chapterSegment, forbiddenMedia, mediaRefusal, minorsMediaRefusal, segmentVersion } from '@/lib/server/audio/media';

// GET /audio/{aid}/{n}.ts?a&m&e&s&v — one MPEG-TS segment (AAC-LC mono) of the chapter's audio version a, for the
// member and voice v the URL was signed for. Segments never change once written, so the listener's browser may keep them. On an
// S3 store with S3_MEDIA=redirect the answer is a 302 to a short-lived signed object URL (docs/storage.md).
export async function GET(req: NextRequest, { params }: { params: Promise<{ aid: string; segment: string }> }): Promise<Response> {
  const { aid: rawAid, segment } = await params;
  const aid = idSchema.safeParse(rawAid);
  if (!aid.success) return mediaRefusal(CODES.notFound, SERVER_MSG.notFound);
  const signature = await authorizeMedia(req, aid.data);
  if (!signature) return forbiddenMedia();
  const minors = await minorsMediaRefusal(signature.memberId, aid.data);
  if (minors) return minors;
  const answer = await chapterSegment(aid.data, segmentVersion(req.nextUrl.searchParams, signature), segment);
  return answer ?? mediaRefusal(CODES.notFound, SERVER_MSG.notFound);
}
