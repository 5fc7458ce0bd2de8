import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { unreadCount } from '@/lib/server/social/messages';

// GET /v1/messages/unread_count — the 我的 badge; 0 signed out.
export const GET = withApi(async ({ member }) => ({ count: await unreadCount(member?.id ?? null) }), { auth: 'optional' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
