import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { log } from '@/lib/server/logger';
import { mediaRefusal } from '@/lib/server/audio/media';
import { voiceSample } from '@/lib/server/audio/voice-sample';

// Made on first request, never at build time.
export const dynamic = 'force-dynamic';

// The URL names the voice, not the clip's version: a new engine version makes a new clip at the same URL, so
// browsers and shared caches keep it an hour and then revalidate by ETag (a 304, no synthesis), never "immutable".
const CACHE = 'public, max-age=3600';

/**
 * The clip whole, or the one byte range asked for: Safari plays <audio> only from a server that answers ranges.
 * A range it cannot satisfy, or several ranges, get the whole clip (allowed: Range is a hint).
 */
function clipResponse(bytes: Buffer, range: string | null, headers: Record<string, string>): Response {
  const all = { ...headers, 'content-type': 'audio/mp4', 'accept-ranges': 'bytes' };
  const m = range ? /^bytes=(\d{0,12})-(\d{0,12})$/.exec(range.trim()) : null;
  if (m && (m[1] || m[2])) {
    const size = bytes.length;
    // bytes=a-b, bytes=a- (to the end) or bytes=-n (the last n)
    const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
    const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (start <= end && start < size) {
      return new Response(new Uint8Array(bytes.subarray(start, end + 1)), {
        status: 206,
        headers: { ...all, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) },
      });
    }
  }
  return new Response(new Uint8Array(bytes), { headers: { ...all, 'content-length': String(bytes.length) } });
}

// GET /audio/voices/{key}/sample — a voice's 试听 clip, m4a (docs/speech-engines-local.md "Voice samples"): public,
// the same for everyone; the key is `{engine}:{voice}` URL-encoded. Nothing in the query is read.
export async function GET(req: NextRequest, { params }: { params: Promise<{ key: string }> }): Promise<Response> {
  let key: string;
  try {
    key = (await params).key;
  } catch {
    return mediaRefusal(CODES.validation, MSG.invalidParams); // a malformed escape in the path
  }
  try {
    const sample = await voiceSample(typeof key === 'string' ? key : '');
    if (sample.kind === 'malformed') return mediaRefusal(CODES.validation, MSG.invalidParams);
    if (sample.kind === 'unknown') return mediaRefusal(CODES.notFound, SERVER_MSG.voiceUnknown);
    const etag = `"${sample.version}"`;
    const headers = { etag, 'cache-control': CACHE };
    if (
      req.headers
        .get('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return new Response(null, { status: 304, headers });
    return clipResponse(sample.bytes, req.headers.get('range'), headers);
  } catch (err) {
    log('error', 'voice_sample_failed', { key, err });
    return mediaRefusal(CODES.unavailable, SERVER_MSG.voiceSampleFailed);
  }
}
