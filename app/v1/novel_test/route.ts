import { withApi } from '@/lib/server/http/with-api';
import { runningNovelTests } from '@/lib/server/games/novel-test';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { novelTestQuery } from '@/lib/shared/schemas/games';

// GET /v1/novel_test?language_type&limit — 新书试读: novels in a reader test window now, with their metrics
// (docs/games.md "novel_test").
export const GET = withApi(({ query }) => runningNovelTests(query.language_type, query.limit), {
  query: novelTestQuery,
  // 青少年模式: only suitable novels (docs/minors-mode.md "Only suitable novels").
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
