/**
 * The listener's side of voices (docs/listening.md "Voices on the listen page"): what GET /v1/audio/voices answers
 * and PUT /v1/me/voice takes. A voice is named by its key `{engineId}:{voiceId}` (lib/tts/engine.ts VoiceProfile).
 */

/** One voice the novel's language offers. */
export interface VoiceOption {
  key: string;
  /** Its name in Chinese, e.g. 普通话 · 女声. */
  name: string;
  gender: 'female' | 'male';
  language: string;
  engine: string;
  /** GET /audio/voices/{key}/sample: a short m4a of the voice. */
  sample_url: string;
  /** With article_id: this chapter's audio in this voice is complete or being made; null without article_id. */
  ready: boolean | null;
}

/** GET /v1/audio/voices?novel_id[&article_id]. */
export interface VoiceList {
  voices: VoiceOption[];
  /** The member's choice for the novel's language when valid, else the novel's default, else the language's. */
  current: string;
  default: string;
}

/** PUT /v1/me/voice: the member's voice for one language (0 Uyghur, 1 Chinese, 2 Tibetan). */
export interface VoiceChoice {
  language_type: 0 | 1 | 2;
  voice: string;
}
