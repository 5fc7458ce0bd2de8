import { NextResponse, type NextRequest } from 'next/server';
import { requestMember } from '@/lib/server/accounts/current-member';
import { getOrderOrThrow } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { SERVER_MSG } from '@/lib/server/messages';
import { readId } from '@/lib/shared/page-params';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { log } from '@/lib/server/logger';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /pay/sandbox/{orderId}/approve — the sandbox provider takes the payment, hands the app a signed
// notification (checked exactly as POST /v1/pay/notify/sandbox checks one), then sends the payer back to `return`.
// Only the payer's own session may approve: a real provider's checkout is bound to the payer the same way.
export async function POST(req: NextRequest, { params }: { params: Promise<{ orderId: string }> }) {
  const id = readId((await params).orderId);
  if (!id) return NextResponse.json({ code: 40000, message: '订单编号不正确' }, { status: 400 });
  const member = await requestMember(req);
  if (!member) return NextResponse.json({ code: 90002, message: SERVER_MSG.notLoggedIn }, { status: 401 });
  const order = await getOrderOrThrow(id, member.id).catch(() => null);
  if (!order) return NextResponse.json({ code: 40400, message: '订单不存在' }, { status: 404 });
  // The signed notification goes to the notify endpoint's own handler in this process: posting it to an address
  // built from request headers (X-Forwarded-Host) would let a caller aim the server at any host.
  const notification = signSandboxNotification(order.id, order.price);
  const ok = await handlePaymentNotification('sandbox', notification).then(() => true, (err: unknown) => {
    log('error', 'sandbox_notify_failed', { orderId: order.id, err });
    return false;
  });
  return NextResponse.redirect(absoluteUrl(req, ok ? order.return_url : `/pay/sandbox/${order.id}?failed=1`), 303);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
