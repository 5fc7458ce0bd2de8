import { withApi } from '@/lib/server/http/with-api';
import { hostFrom } from '@/lib/server/core/own-hosts';
import { getPrivateAudioUrl } from '@/lib/server/audio/listen';
import { privateUrlBody } from '@/lib/shared/schemas/audio';
import { detectUa } from '@/lib/shared/ua';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/audio/articles/get_private_url {base_url, voice?} — the member's signed playlist URL for a chapter they may
// hear, in the voice asked for or theirs (docs/listening.md "Voice resolution"); the answer names the voice.
export const POST = withApi(
  ({ body, member, req }) =>
    getPrivateAudioUrl(
      member.id,
      body.base_url,
      hostFrom(req.headers).host,
      new Date(),
      detectUa(req.headers.get('user-agent')).wechat,
      body.voice ?? null,
    ),
  {
    auth: 'member',
    body: privateUrlBody,
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
