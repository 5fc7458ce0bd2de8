import { withApi } from '@/lib/server/http/with-api';
import { submitAppeal } from '@/lib/server/members/appeals';
import { appealBody } from '@/lib/shared/schemas/members';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/block/appeal {content} — one appeal per block, to the moderation queue's 申诉 tab (docs/members.md "Appeals").
export const POST = withApi(({ member, body }) => submitAppeal(member.id, body.content), {
  auth: 'member',
  blocked: 'allow',
  body: appealBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
