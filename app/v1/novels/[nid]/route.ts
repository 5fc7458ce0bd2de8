import { withApi } from '@/lib/server/http/with-api';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid} — novel detail (summary + article_count, docs/catalogue.md "Novels and chapters").
export const GET = withApi(({ params }) => getNovelOrThrow(params.nid), { params: nidParams, catalogue: true });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
