import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { idSchema } from '@/lib/shared/schemas/common';
import { log } from '@/lib/server/logger';
import { authorizeMedia, chapterPlaylist, forbiddenMedia, mediaRefusal, minorsMediaRefusal } from '@/lib/server/audio/media';

// GET /audio/{aid}/index.m3u8?m&e&s&v — the chapter's HLS playlist for the member and voice the URL was signed for. A first
// listen answers a growing EVENT playlist as soon as the first segment exists; a finished chapter is VOD.
export async function GET(req: NextRequest, { params }: { params: Promise<{ aid: string }> }): Promise<Response> {
  const aid = idSchema.safeParse((await params).aid);
  if (!aid.success) return mediaRefusal(CODES.notFound, MSG.chapterMissing);
  const signature = await authorizeMedia(req, aid.data);
  if (!signature) return forbiddenMedia();
  const minors = await minorsMediaRefusal(signature.memberId, aid.data);
  if (minors) return minors;
  try {
    const playlist = await chapterPlaylist(aid.data, signature);
    if (playlist === null) return mediaRefusal(CODES.notFound, MSG.ttsUnavailable);
    // A growing playlist must be fetched anew on every reload; a finished one may be kept for the listen.
    const complete = playlist.includes('#EXT-X-ENDLIST');
    return new Response(playlist, {
      headers: {
        'content-type': 'application/vnd.apple.mpegurl',
        'cache-control': complete ? 'private, max-age=3600' : 'private, no-cache',
      },
    });
  } catch (err) {
    log('error', 'audio_playlist_failed', { chapterId: aid.data, err });
    return mediaRefusal(CODES.unavailable, SERVER_MSG.audioBusy);
  }
}
