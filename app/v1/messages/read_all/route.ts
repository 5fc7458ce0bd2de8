import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { readAll } from '@/lib/server/social/messages';

// POST /v1/messages/read_all — marks every message and announcement read.
export const POST = withApi(({ member }) => readAll(member.id), { auth: 'member' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
