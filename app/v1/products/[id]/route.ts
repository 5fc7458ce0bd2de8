import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/cache';
import { getProductOrThrow, toProductDto } from '@/lib/server/wallet/products';
import { productParams } from '@/lib/shared/schemas/reading';

// GET /v1/products/{id} — one product.
export const GET = withApi(async ({ params }) => toProductDto(await getProductOrThrow(params.id)), { params: productParams, cacheControl: PUBLIC_CACHE });
