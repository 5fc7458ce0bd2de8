import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { listMessages } from '@/lib/server/social/messages';
import { messagesQuery } from '@/lib/shared/schemas/community';

// GET /v1/messages?page&limit — the member's messages and the announcements, newest first.
export const GET = withApi(({ member, query }) => listMessages(member.id, query.page, query.limit), {
  auth: 'member',
  query: messagesQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
