import { withApi } from '@/lib/server/http/with-api';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { notificationBody } from '@/lib/shared/schemas/reading';

// POST /v1/pay/notify/sandbox — the sandbox provider's signed payment notification; credits the order exactly once.
export const POST = withApi(({ body }) => handlePaymentNotification('sandbox', body), { body: notificationBody });
