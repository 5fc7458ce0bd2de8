import { withApi } from '@/lib/server/http/with-api';
import { answerSql } from '@/lib/server/http/idempotency';
import { storedReply, successBody } from '@/lib/server/http/reply';
import { buyChapterAnswering } from '@/lib/server/wallet/purchases';
import { MOVEMENT } from '@/lib/server/wallet/spend-statement';
import { nidParams } from '@/lib/shared/schemas/common';
import { buyBody } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/novels/{nid}/buy {aid} — unlock one paid chapter (vouchers first, then coins); idempotent on x-sig. The
// answer a replay of the x-sig gets is stored by the purchase's own statement, only if the movement is new
// (docs/wallet.md "Statements per purchase").
export const POST = withApi(
  async ({ params, body, member, sig, claimId }) => {
    const store = claimId === null ? undefined : (answer: unknown) => answerSql(claimId, 200, successBody(answer), MOVEMENT);
    const { result, stored } = await buyChapterAnswering(member.id, params.nid, body.aid, sig ?? undefined, new Date(), store);
    return stored ? storedReply(result) : result;
  },
  {
    auth: 'member',
    params: nidParams,
    body: buyBody,
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
