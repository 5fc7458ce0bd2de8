import { withApi } from '@/lib/server/http/with-api';
import { getMyTickets } from '@/lib/server/wallet/tickets';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/tickets — live vote tickets (lapsed lots expired, VIP grant given), this month's paid coins, the lots.
export const GET = withApi(({ member }) => getMyTickets(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
