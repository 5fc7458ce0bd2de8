import { withApi } from '@/lib/server/http/with-api';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/novels/{nid}/buy_book — buy a novel sold whole (the whole-book modal opened by 90400); idempotent on x-sig.
export const POST = withApi(({ params, member, sig }) => buyWholeBook(member.id, params.nid, sig ?? undefined), {
  auth: 'member',
  params: nidParams,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
