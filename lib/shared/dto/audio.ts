/** GET /v1/articles/{id}/tts_time_track: paragraph start times (seconds, one per paragraph, the first 0). */
export interface TtsTimeTrack {
  article_id: number;
  /** The voice key the track is of. */
  voice: string;
  time_track: number[];
  /** Seconds of audio once the chapter is complete, else null. */
  duration: number | null;
  /** False while the chapter is still being synthesized (the track grows; poll again). */
  complete: boolean;
}

/** POST /v1/audio/articles/get_private_url: the signed playlist URL (`/audio/{aid}/index.m3u8?m&e&s&v`). */
export interface PrivateAudioUrl {
  url: string;
  /** ISO time after which the URL answers 403. */
  expires_at: string;
  /** The voice key the URL plays (`v`, covered by the signature). */
  voice: string;
}

/** One voice of GET /v1/audio/voices (docs/listening.md "Voice resolution"). */
export interface VoiceOption {
  /** `{engine}:{voice}`, what get_private_url, the time track and PUT /v1/me/voice take. */
  key: string;
  /** Shown to listeners, in Chinese. */
  name: string;
  gender: 'female' | 'male';
  /** BCP-47 language of the voice. */
  language: string;
  engine: string;
  /** `/audio/voices/{encodeURIComponent(key)}/sample`: a short m4a of the voice. */
  sample_url: string;
  /** With article_id: that chapter's audio in this voice is complete or being made now; null without article_id. */
  ready: boolean | null;
}

/** GET /v1/audio/voices?novel_id&article_id: the voices that can read a novel and which one this listener hears. */
export interface VoiceList {
  voices: VoiceOption[];
  /** The listener's voice for this novel: their choice if still offered, else the novel's default. */
  current: string;
  /** The novel's default voice (its own, else its language's, else eSpeak's). */
  default: string;
  /** The novel's language (0 Uyghur, 1 Chinese, 2 Tibetan): what PUT /v1/me/voice takes with the key. */
  language_type: 0 | 1 | 2;
}

/** PUT /v1/me/voice: the member's voice for a language, as stored. */
export interface MemberVoice {
  language_type: 0 | 1 | 2;
  voice: string;
}
