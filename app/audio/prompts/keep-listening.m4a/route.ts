import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { log } from '@/lib/server/logger';
import { keepListeningPrompt } from '@/lib/server/audio/prompt';
import { mediaRefusal } from '@/lib/server/audio/media';

// Made on first request, never at build time.
export const dynamic = 'force-dynamic';

// GET /audio/prompts/keep-listening.m4a — the spoken "keep listening" prompt (docs/listening.md "Pipeline"): public, the same for all.
export async function GET(): Promise<Response> {
  try {
    const bytes = await keepListeningPrompt();
    return new Response(new Uint8Array(bytes), {
      headers: { 'content-type': 'audio/mp4', 'content-length': String(bytes.length), 'cache-control': 'public, max-age=86400' },
    });
  } catch (err) {
    log('error', 'audio_prompt_failed', { err });
    return mediaRefusal(CODES.unavailable, SERVER_MSG.audioBusy);
  }
}
