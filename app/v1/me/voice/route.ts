import { withApi } from '@/lib/server/http/with-api';
import { setMemberVoice } from '@/lib/server/audio/voice-list';
import { memberVoiceBody } from '@/lib/shared/schemas/voices';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// PUT /v1/me/voice {language_type, voice} — the member's voice for novels of a language, kept server-side
// (docs/listening.md "Voice resolution"). Members only; a voice no engine offers for that language is refused.
export const PUT = withApi(({ member, body }) => setMemberVoice(member.id, body.language_type, body.voice), {
  auth: 'member',
  body: memberVoiceBody,
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods('PUT');
