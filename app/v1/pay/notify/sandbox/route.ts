import { withApi } from '@/lib/server/http/with-api';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { notificationBody } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/pay/notify/sandbox — the sandbox provider's signed payment notification; credits the order exactly once.
// The provider's server calls this, not our client, so it sends no x-sig: the HMAC signature authenticates it and
// its notification id makes replays harmless (docs/api.md "x-sig").
export const POST = withApi(({ body }) => handlePaymentNotification('sandbox', body), { body: notificationBody, sig: 'exempt' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
