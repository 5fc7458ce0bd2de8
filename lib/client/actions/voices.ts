import type { MemberVoice } from '@/lib/shared/dto/audio';
import { api, ApiClientError } from '../api';
import { storeVoice } from '../listen/voice-choice';

/**
 * PUT /v1/me/voice (docs/listening.md "Voices on the listen page"): the listener's voice for a language. Kept in
 * this browser first (a guest's only record, a member's mirror), then saved for the member; a guest's 401 is not
 * a failure. Silent: the sheet says what went wrong in place. Resolves whether the server kept it.
 */
export async function saveVoiceChoice(languageType: number, voice: string): Promise<boolean> {
  storeVoice(languageType, voice);
  try {
    await api<MemberVoice>('/v1/me/voice', { method: 'PUT', body: { language_type: languageType, voice }, silent: true });
    return true;
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 401) return false;
    throw err;
  }
}
