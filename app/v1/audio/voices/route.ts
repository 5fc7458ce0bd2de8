import { withApi } from '@/lib/server/http/with-api';
import { listVoices } from '@/lib/server/audio/voice-list';
import { voicesQuery } from '@/lib/shared/schemas/voices';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/audio/voices?novel_id&article_id — the voices that can read a novel, the listener's current one and the
// default; with a chapter, whether each voice's audio of it is made (docs/listening.md "Voice resolution"). Guests too.
export const GET = withApi(({ query, member }) => listVoices(member?.id ?? null, query.novel_id, query.article_id), {
  auth: 'optional',
  query: voicesQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
