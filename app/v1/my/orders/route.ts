import { withApi } from '@/lib/server/http/with-api';
import { listOrders } from '@/lib/server/wallet/orders';
import { pagedQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/orders — the member's paid recharge and VIP orders, newest first.
export const GET = withApi(({ member, query }) => listOrders(member.id, query.start, query.limit), { auth: 'member', query: pagedQuery });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
