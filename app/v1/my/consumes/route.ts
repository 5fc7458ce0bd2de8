import { withApi } from '@/lib/server/http/with-api';
import { listConsumes } from '@/lib/server/wallet/consumes';
import { consumesQuery } from '@/lib/shared/schemas/wallet-records';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/consumes?start&limit — the member's spending records (purchases, tips, votes, expired vouchers), newest first.
export const GET = withApi(({ member, query }) => listConsumes(member.id, query.start, query.limit), {
  auth: 'member',
  query: consumesQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
