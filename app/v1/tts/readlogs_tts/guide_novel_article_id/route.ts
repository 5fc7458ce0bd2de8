import { withApi } from '@/lib/server/http/with-api';
import { guideListen } from '@/lib/server/reading/listen-guide';
import { listenGuideQuery } from '@/lib/shared/schemas/audio-lists';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/tts/readlogs_tts/guide_novel_article_id?language_type&gender — what to listen to next: the member's
// latest listening position, else the top must_listen novel's first chapter. Member-specific: never cached.
export const GET = withApi(
  ({ member, query }) => guideListen(member?.id ?? null, query.language_type ?? member?.languageType ?? 1, query.gender),
  // 青少年模式: the guide picks only suitable novels (docs/minors-mode.md "Only suitable novels").
  { auth: 'optional', query: listenGuideQuery, catalogue: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
