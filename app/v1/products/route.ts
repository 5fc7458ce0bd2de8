import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/cache';
import { listProducts } from '@/lib/server/wallet/products';
import { productsQuery } from '@/lib/shared/schemas/reading';

// GET /v1/products?product_type — recharge packs, VIP plans, ad removal, short-drama VIP.
export const GET = withApi(({ query }) => listProducts(query.product_type), { query: productsQuery, cacheControl: PUBLIC_CACHE });
