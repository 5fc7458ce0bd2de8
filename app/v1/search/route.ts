import { withApi } from '@/lib/server/http/with-api';
import { searchNovels } from '@/lib/server/catalog/search';
import { searchQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/search?keyword&highlight=1&start&limit&language_type — title, author, tag and summary matches, ranked; data and total.
export const GET = withApi(
  ({ query, member }) =>
    searchNovels({
      keyword: query.keyword,
      languageType: query.language_type,
      start: query.start,
      limit: query.limit,
      highlight: query.highlight,
      memberId: member?.id,
    }),
  { auth: 'optional', query: searchQuery, catalogue: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
