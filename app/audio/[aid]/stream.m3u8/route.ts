import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { idSchema } from '@/lib/shared/schemas/common';
import { detectUa } from '@/lib/shared/ua';
import { log } from '@/lib/server/logger';
import { forbiddenMedia, mediaRefusal, minorsMediaRefusal, mediaSignature } from '@/lib/server/audio/media';
import { continuousPlan, followingOf, renderStream } from '@/lib/server/audio/stream';

// GET /audio/{aid}/stream.m3u8?m&e&s&v&n — the continuous stream (docs/listening.md "Continuous stream"): chapter aid
// and up to n following chapters this member may hear now (n = -1: as many as one playlist holds), signed with
// chapter aid's signature, in its voice v. Each following chapter is checked again here and its segments signed for it alone.
export async function GET(req: NextRequest, { params }: { params: Promise<{ aid: string }> }): Promise<Response> {
  const aid = idSchema.safeParse((await params).aid);
  if (!aid.success) return mediaRefusal(CODES.notFound, MSG.chapterMissing);
  const following = followingOf(req.nextUrl.searchParams.get('n'));
  if (following === null) return mediaRefusal(CODES.validation, SERVER_MSG.streamLimitInvalid);
  const signature = await mediaSignature(req, aid.data);
  if (!signature) return forbiddenMedia();
  const minors = await minorsMediaRefusal(signature.memberId, aid.data);
  if (minors) return minors;
  try {
    const listener = {
      memberId: signature.memberId,
      expires: signature.expires,
      inMessagingApp: detectUa(req.headers.get('user-agent')).wechat,
      voice: signature.voice,
    };
    const plan = await continuousPlan(aid.data, listener, following);
    if (plan === null) return mediaRefusal(CODES.notFound, MSG.ttsUnavailable);
    // Always fetched anew: a chapter unlocked or voiced since appears at the next fetch.
    return new Response(renderStream(plan), {
      headers: { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'private, no-cache' },
    });
  } catch (err) {
    log('error', 'audio_stream_failed', { chapterId: aid.data, err });
    return mediaRefusal(CODES.unavailable, SERVER_MSG.audioBusy);
  }
}
