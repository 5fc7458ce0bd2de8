import { withApi } from '@/lib/server/http/with-api';
import { getPreviewUrl } from '@/lib/server/audio/preview';
import { previewUrlBody } from '@/lib/shared/schemas/audio';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/audio/articles/preview_url {article_id, voice?} — the member's signed preview playlist of a chapter
// (docs/listening.md "Preview of a locked chapter"): only the segments of the paywall's teaser, at most 30 s.
export const POST = withApi(({ body, member }) => getPreviewUrl(member.id, body.article_id, new Date(), body.voice ?? null), {
  auth: 'member',
  body: previewUrlBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
