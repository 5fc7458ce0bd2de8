/** GET /v1/articles/{id}/tts_time_track: paragraph start times (seconds, one per paragraph, the first 0). */
export interface TtsTimeTrack {
  article_id: number;
  time_track: number[];
  /** Seconds of audio once the chapter is complete, else null. */
  duration: number | null;
  /** False while the chapter is still being synthesized (the track grows; poll again). */
  complete: boolean;
}

/** POST /v1/audio/articles/get_private_url: the signed playlist URL (`/audio/{aid}/index.m3u8?m&e&s`). */
export interface PrivateAudioUrl {
  url: string;
  /** ISO time after which the URL answers 403. */
  expires_at: string;
}
