import { withApi } from '@/lib/server/http/with-api';
import { ownedInNovel } from '@/lib/server/wallet/book-purchase';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/owned — the whole book and the chapters the member bought (已购全本, 已购 in the chapter list).
export const GET = withApi(({ member, params }) => ownedInNovel(member.id, params.nid), {
  auth: 'member',
  params: nidParams,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
