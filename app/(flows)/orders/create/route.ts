import { NextResponse, type NextRequest } from 'next/server';
import { requestMember } from '@/lib/server/accounts/current-member';
import { createOrder } from '@/lib/server/wallet/orders';
import { ApiError } from '@/lib/server/http/errors';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { readId } from '@/lib/shared/page-params';

// GET /orders/create?pid&return&cancel&n_from — create the order and send the payer to the provider's page;
// without a session, sign in first and come back here (spec §2).
export async function GET(req: NextRequest) {
  const q = req.nextUrl.searchParams;
  const here = `${req.nextUrl.pathname}${req.nextUrl.search}`;
  const member = await requestMember(req);
  if (!member) return NextResponse.redirect(absoluteUrl(req, `/m/login?next=${encodeURIComponent(here)}`));
  const productId = readId(q.get('pid'));
  if (!productId) return NextResponse.redirect(absoluteUrl(req, '/m/vip'));
  try {
    const order = await createOrder(member.id, productId, { returnUrl: q.get('return'), cancelUrl: q.get('cancel'), nFrom: q.get('n_from') });
    return NextResponse.redirect(absoluteUrl(req, order.pay_url), 303);
  } catch (err) {
    if (err instanceof ApiError) return NextResponse.redirect(absoluteUrl(req, `/m/my?notice=${encodeURIComponent(err.message)}`));
    throw err;
  }
}
