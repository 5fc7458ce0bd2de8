import { NextResponse, type NextRequest } from 'next/server';
import { requestMember } from '@/lib/server/accounts/current-member';
import { cancelOrder } from '@/lib/server/wallet/orders';
import { SERVER_MSG } from '@/lib/server/messages';
import { readId } from '@/lib/shared/page-params';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /pay/sandbox/{orderId}/cancel — the payer gives up: their order is cancelled and they go back to `cancel`.
// Anyone else's order (or a visitor without a session) cannot be cancelled: ids are sequential and easy to guess.
export async function POST(req: NextRequest, { params }: { params: Promise<{ orderId: string }> }) {
  const id = readId((await params).orderId);
  if (!id) return NextResponse.json({ code: 40000, message: '订单编号不正确' }, { status: 400 });
  const member = await requestMember(req);
  if (!member) return NextResponse.json({ code: 90002, message: SERVER_MSG.notLoggedIn }, { status: 401 });
  const order = await cancelOrder(id, member.id).catch(() => null);
  if (!order) return NextResponse.json({ code: 40400, message: '订单不存在' }, { status: 404 });
  return NextResponse.redirect(absoluteUrl(req, order.cancel_url), 303);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
