/**
 * GET /v1/tts/readlogs_tts/guide_novel_article_id: the chapter a member should listen to next. The contract's
 * three fields first; the rest lets a page show and link it without another call.
 */
export interface ListenGuide {
  novel_id: number;
  article_id: number;
  /** Seconds into the chapter's audio to resume from; 0 for a fresh start. */
  time_track: number;
  /** The novel's ctype: the listen page's read_type is 2 when it is 2, else 1 (docs/listening.md "Listen page"). */
  ctype: number;
  title: string;
  article_title: string;
  thumb: string;
  /** 'readlog': where the member last listened; 'must_listen': nothing yet, the top must-listen novel's first chapter. */
  source: 'readlog' | 'must_listen';
}
