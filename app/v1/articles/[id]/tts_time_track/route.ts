import { withApi } from '@/lib/server/http/with-api';
import { getTimeTrack } from '@/lib/server/audio/listen';
import { articleParams } from '@/lib/shared/schemas/reading';
import { voiceQuery } from '@/lib/shared/schemas/voices';
import { detectUa } from '@/lib/shared/ua';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/articles/{id}/tts_time_track?voice — each paragraph's start in the chapter's audio; grows during a first listen.
// Private: a paid chapter's track is answered only to those entitled to hear it.
export const GET = withApi(
  ({ params, query, member, req }) =>
    getTimeTrack(member?.id ?? null, params.id, detectUa(req.headers.get('user-agent')).wechat, query.voice ?? null),
  {
    auth: 'optional',
    params: articleParams,
    query: voiceQuery,
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
