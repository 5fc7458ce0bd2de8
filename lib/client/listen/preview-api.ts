import { api } from '../api';

export interface PreviewUrl {
  url: string;
  expires_at: string;
  max_seconds: number;
}

/**
 * POST /v1/audio/articles/preview_url: the signed preview playlist of a locked chapter (docs/listening.md), in the
 * listener's voice when one is chosen in this browser (absent: the member's choice or the defaults).
 */
export function fetchPreviewUrl(articleId: number, voice?: string | null): Promise<PreviewUrl> {
  const body = voice ? { article_id: articleId, voice } : { article_id: articleId };
  return api<PreviewUrl>('/v1/audio/articles/preview_url', { method: 'POST', body, silent: true });
}

/** Asks of the preview playlist before the preview gives up: each 503 comes after the server held the ask 15 s. */
export const PREVIEW_ASKS = 6;
/** The pause between a 503 and the next ask. */
const ASK_AGAIN_MS = 1_000;

/**
 * Whether the preview playlist can be played. For a chapter never voiced, the server voices the whole chapter first
 * (the preview's cap needs its time track), holds the ask up to 15 s and answers 503 while it is not done: a long
 * chapter on a busy server takes several rounds. Neither player waits that long by itself (hls.js asks twice,
 * Safari's own player once), so the preview asks here until the playlist answers — `PREVIEW_ASKS` times, about a
 * minute and a half — and the player then gets the playlist from the browser's cache (`private, max-age=600`).
 * False when the server answers that there is no preview or refuses it, or it is still not voiced.
 */
export async function previewReady(url: string, isGone: () => boolean): Promise<boolean> {
  for (let ask = 1; ask <= PREVIEW_ASKS && !isGone(); ask++) {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (res.ok) return true;
    if (res.status !== 503) return false;
    if (ask < PREVIEW_ASKS) await new Promise((done) => setTimeout(done, ASK_AGAIN_MS));
  }
  return false;
}
