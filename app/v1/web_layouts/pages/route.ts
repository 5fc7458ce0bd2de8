import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listLayoutPages } from '@/lib/server/catalog/layouts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/web_layouts/pages — the home page's gender channels.
export const GET = withApi(() => listLayoutPages(), { cacheControl: PUBLIC_CACHE });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
