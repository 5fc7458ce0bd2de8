import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { idSchema } from '@/lib/shared/schemas/common';
import { log } from '@/lib/server/logger';
import { ApiError } from '@/lib/server/core/errors';
import { requestMember } from '@/lib/server/accounts/current-member';
import { forbiddenMedia, mediaRefusal } from '@/lib/server/audio/media';
import { previewPlaylist, verifyPreviewSignature } from '@/lib/server/audio/preview';

// GET /audio/{aid}/preview.m3u8?m&e&s&v — a locked chapter's preview (docs/listening.md "Preview of a locked
// chapter"): a VOD playlist of only the teaser's segments, for the member the preview URL was signed for.
export async function GET(req: NextRequest, { params }: { params: Promise<{ aid: string }> }): Promise<Response> {
  const aid = idSchema.safeParse((await params).aid);
  if (!aid.success) return mediaRefusal(CODES.notFound, MSG.chapterMissing);
  const signature = verifyPreviewSignature(aid.data, req.nextUrl.searchParams);
  if (!signature) return forbiddenMedia();
  const requester = await requestMember(req);
  if (requester && requester.id !== signature.memberId) return forbiddenMedia();
  try {
    const answer = await previewPlaylist(aid.data, signature);
    if (answer === 'busy') return mediaRefusal(CODES.unavailable, SERVER_MSG.audioBusy);
    if (answer === 'none') return mediaRefusal(CODES.notFound, SERVER_MSG.previewUnavailable);
    return new Response(answer.playlist, {
      headers: {
        'content-type': 'application/vnd.apple.mpegurl',
        'cache-control': 'private, max-age=600',
        'x-preview-seconds': answer.seconds.toFixed(3),
      },
    });
  } catch (err) {
    if (err instanceof ApiError) return mediaRefusal(err.code, err.message);
    log('error', 'audio_preview_failed', { chapterId: aid.data, err });
    return mediaRefusal(CODES.unavailable, SERVER_MSG.audioBusy);
  }
}
