import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { idSchema } from '@/lib/shared/schemas/common';
import { requestMember } from '@/lib/server/accounts/current-member';
import { forbiddenMedia, mediaRefusal } from '@/lib/server/audio/media';
import { previewSegment, verifyPreviewSignature } from '@/lib/server/audio/preview';

// GET /audio/{aid}/preview/{n}.ts?a&m&e&s&v — one segment of a chapter's preview; any segment past the teaser is
// answered 404 whatever the signature (docs/listening.md "Preview of a locked chapter").
export async function GET(req: NextRequest, { params }: { params: Promise<{ aid: string; segment: string }> }): Promise<Response> {
  const { aid: rawAid, segment } = await params;
  const aid = idSchema.safeParse(rawAid);
  if (!aid.success) return mediaRefusal(CODES.notFound, SERVER_MSG.notFound);
  const signature = verifyPreviewSignature(aid.data, req.nextUrl.searchParams);
  if (!signature) return forbiddenMedia();
  const requester = await requestMember(req);
  if (requester && requester.id !== signature.memberId) return forbiddenMedia();
  const answer = await previewSegment(aid.data, signature, req.nextUrl.searchParams, segment);
  return answer ?? mediaRefusal(CODES.notFound, SERVER_MSG.notFound);
}
