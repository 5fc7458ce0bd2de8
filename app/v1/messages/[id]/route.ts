import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { openMessage } from '@/lib/server/social/messages';
import { messageParams } from '@/lib/shared/schemas/community';

// GET /v1/messages/{id} — one message (an announcement for anyone, a personal one for its owner); marks it read.
export const GET = withApi(({ member, params }) => openMessage(member?.id ?? null, params.id), { auth: 'optional', params: messageParams });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
