import { withApi } from '@/lib/server/http/with-api';
import { listActivePromotions } from '@/lib/server/wallet/promotions';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/promotions — promotions running now with their product and popup fields (docs/wallet.md "Products and VIP").
export const GET = withApi(() => listActivePromotions());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
