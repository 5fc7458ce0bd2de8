import { api } from '../api';

export interface PreviewUrl {
  url: string;
  expires_at: string;
  max_seconds: number;
}

/** POST /v1/audio/articles/preview_url: the signed preview playlist of a locked chapter (docs/listening.md). */
export function fetchPreviewUrl(articleId: number): Promise<PreviewUrl> {
  return api<PreviewUrl>('/v1/audio/articles/preview_url', { method: 'POST', body: { article_id: articleId }, silent: true });
}
