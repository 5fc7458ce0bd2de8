import { api } from '../api';
import { memberId } from '../identity';

/** Sends the position at most every 5 s while the reader scrolls, and at once when a chapter opens. */
const MIN_GAP_MS = 5_000;
let lastSent = 0;
let pending: ReturnType<typeof setTimeout> | undefined;

export interface Position {
  articleId: number;
  idx: number;
}

function send(p: Position): void {
  lastSent = Date.now();
  void api('/v1/my/readlogs', { method: 'POST', body: { article_id: p.articleId, read_type: 1, idx: p.idx }, silent: true }).catch(() => undefined);
}

/** Records a signed-in reader's position (`now` on chapter open, throttled while scrolling). */
export function reportPosition(p: Position, now = false): void {
  if (!memberId()) return;
  if (pending) clearTimeout(pending);
  const wait = now ? 0 : Math.max(0, MIN_GAP_MS - (Date.now() - lastSent));
  pending = setTimeout(() => send(p), wait);
}
