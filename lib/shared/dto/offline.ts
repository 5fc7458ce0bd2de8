/** One segment of a downloaded chapter's audio: its file name under /audio/{aid}/ and its size. */
export interface OfflineSegment {
  name: string;
  bytes: number;
}

/** A chapter's finished audio as the download takes it; the playlist URL is signed for the asking member. */
export interface OfflineAudio {
  playlist_url: string;
  segments: OfflineSegment[];
  time_track: number[];
  duration: number;
  bytes: number;
}

export interface OfflineChapter {
  article_id: number;
  idx: number;
  title: string;
  /** The reader page kept for offline reading. */
  read_url: string;
  paragraphs: string[];
  /** UTF-8 bytes of the paragraphs (the reader page's own size is known only once fetched). */
  text_bytes: number;
  /** Null when the novel has no voice or the chapter's audio is not made yet (text only; made ahead now). */
  audio: OfflineAudio | null;
}

/** GET /v1/offline/manifest: what a download of the range holds, sizes known before anything is fetched. */
export interface OfflineManifest {
  novel_id: number;
  novel_title: string;
  thumb: string | null;
  chapters: OfflineChapter[];
  /** Chapters of the range the member may not open online (locked, or behind the follow gate): never downloaded. */
  excluded: { article_id: number; reason: 'locked' | 'follow' }[];
  total_bytes: number;
}

/** GET /v1/offline/check: which of the downloaded chapters the member may still open. */
export interface OfflineCheck {
  allowed: number[];
  removed: number[];
}
