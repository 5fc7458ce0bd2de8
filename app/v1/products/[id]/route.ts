import { withApi } from '@/lib/server/http/with-api';
import { getProductDto } from '@/lib/server/wallet/products';
import { productParams } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/products/{id} — one product, with today's slots when limited (so not cached: slots change by the minute).
export const GET = withApi(({ params }) => getProductDto(params.id), { params: productParams });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
