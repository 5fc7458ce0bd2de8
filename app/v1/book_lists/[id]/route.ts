import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getBookListOrThrow } from '@/lib/server/catalog/lists';
import { listIdParams } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/book_lists/{id} — an editor's themed book list with its novels.
export const GET = withApi(({ params }) => getBookListOrThrow(params.id), {
  params: listIdParams,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
