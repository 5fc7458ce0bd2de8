import { memberId } from '../identity';
import { recordLocal } from '../local-history';
import { postReadLog } from '../readlog';

/** Sends the position at most every 5 s while the reader scrolls, and at once when a chapter opens. */
const MIN_GAP_MS = 5_000;
let lastSent = 0;
let pending: ReturnType<typeof setTimeout> | undefined;
/** The last position reported to the account, which the heartbeat sends again. */
let last: Position | undefined;

export interface Position {
  articleId: number;
  idx: number;
  /** What local history shows for a reader who is not signed in. */
  novel: { id: number; title: string; thumb: string };
  article: { title: string; idx: number };
}

function send(p: Position): void {
  lastSent = Date.now();
  last = p;
  void postReadLog({ article_id: p.articleId, read_type: 1, idx: p.idx });
}

/**
 * Records the reader's position: in the account when signed in (`now` on chapter open, throttled while
 * scrolling), otherwise in this browser's history, which is handed to the account on sign-in.
 */
export function reportPosition(p: Position, now = false): void {
  if (!memberId()) {
    recordLocal({
      nid: p.novel.id,
      aid: p.articleId,
      idx: p.idx,
      title: p.novel.title,
      article: p.article.title,
      thumb: p.novel.thumb,
      article_idx: p.article.idx,
    });
    return;
  }
  if (pending) clearTimeout(pending);
  const wait = now ? 0 : Math.max(0, MIN_GAP_MS - (Date.now() - lastSent));
  pending = setTimeout(() => {
    pending = undefined;
    send(p);
  }, wait);
}

/**
 * Sends the last reported position again, if it is in chapter `articleId` and the reader is signed in: the reading
 * heartbeat (heartbeat.ts) does, so minutes read accrue on a long page read without scrolling (docs/activity.md
 * "What the server counts"). A report already waiting (scrolling) makes this one unnecessary.
 */
export function resendPosition(articleId: number): void {
  if (!memberId() || !last || last.articleId !== articleId || pending) return;
  send(last);
}
