import { withApi } from '@/lib/server/http/with-api';
import { listProducts } from '@/lib/server/wallet/products';
import { productsQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/products?product_type — recharge packs, VIP plans, ad removal, short-drama VIP, whole books.
// Not publicly cached: limited packs carry today's slots left, which must not lag behind a sell-out.
export const GET = withApi(({ query }) => listProducts(query.product_type), { query: productsQuery });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
