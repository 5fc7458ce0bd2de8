import { withApi } from '@/lib/server/http/with-api';
import { publicFlags } from '@/lib/server/config/public-flags';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/spa/config — the runtime flags the pages act on (promotion popup, ads, payment availability, tts…).
// Read from the in-process cache (refreshed every 30 s), so it costs no query; browsers may keep it a minute.
export const GET = withApi(async () => publicFlags(), { cacheControl: 'public, max-age=60' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
