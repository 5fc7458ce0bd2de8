import { NextResponse, type NextRequest } from 'next/server';
import { requestMember } from '@/lib/server/accounts/current-member';
import { createOrder } from '@/lib/server/wallet/orders';
import { ApiError } from '@/lib/server/http/errors';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { readId } from '@/lib/shared/page-params';
import { returnPathOr } from '@/lib/shared/return-path';
import { orderFailureFor } from '@/lib/shared/order-failure';
import { hostFrom, ownHosts } from '@/lib/server/http/own-hosts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /orders/create?pid&return&cancel&n_from&coupon_id&promotion_id — create the order and send the payer to
// the provider's page; without a session, sign in first and come back here (spec §2). When no order can be
// opened (sold out, coupon, minors' caps) the payer sees why on /orders/failed and goes back to `cancel`.
export async function GET(req: NextRequest) {
  const q = req.nextUrl.searchParams;
  const here = `${req.nextUrl.pathname}${req.nextUrl.search}`;
  const member = await requestMember(req);
  if (!member) return NextResponse.redirect(absoluteUrl(req, `/m/login?next=${encodeURIComponent(here)}`));
  const productId = readId(q.get('pid'));
  if (!productId) return NextResponse.redirect(absoluteUrl(req, '/recharge/start'));
  const couponRaw = q.get('coupon_id');
  const couponId = couponRaw ? readId(couponRaw) : null;
  const back = returnPathOr(q.get('cancel') ?? q.get('return'));
  const failed = (reason: string) => NextResponse.redirect(absoluteUrl(req, `/orders/failed?${new URLSearchParams({ reason, back })}`));
  if (couponId === undefined) return failed('coupon_missing');
  try {
    const order = await createOrder(member.id, productId, {
      returnUrl: q.get('return'), cancelUrl: q.get('cancel'), nFrom: q.get('n_from'), couponId, promotionId: readId(q.get('promotion_id')) ?? null,
      ownHosts: ownHosts(hostFrom(req.headers).host),
    });
    return NextResponse.redirect(absoluteUrl(req, order.pay_url), 303);
  } catch (err) {
    if (err instanceof ApiError) return failed(orderFailureFor(err.message));
    throw err;
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
