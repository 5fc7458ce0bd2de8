import { withApi } from '@/lib/server/http/with-api';
import { getAfford } from '@/lib/server/wallet/purchases';
import { articleParams } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/articles/{id}/afford — {afford, price, buy_mode} for this reader (signed in or not).
export const GET = withApi(({ params, member }) => getAfford(member?.id ?? null, params.id), { auth: 'optional', params: articleParams });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
