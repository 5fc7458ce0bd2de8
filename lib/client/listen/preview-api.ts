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
