import { withApi } from '@/lib/server/http/with-api';
import { listActivePromotions } from '@/lib/server/wallet/promotions';

// GET /v1/promotions — promotions running now with their product and popup fields (docs/wallet.md "Products and VIP").
export const GET = withApi(() => listActivePromotions());
