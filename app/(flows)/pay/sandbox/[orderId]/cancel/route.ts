import { NextResponse, type NextRequest } from 'next/server';
import { cancelOrder } from '@/lib/server/wallet/orders';
import { readId } from '@/lib/shared/page-params';
import { absoluteUrl } from '@/lib/shared/request-origin';

// POST /pay/sandbox/{orderId}/cancel — the payer gives up: the order is cancelled and they go back to `cancel`.
export async function POST(req: NextRequest, { params }: { params: Promise<{ orderId: string }> }) {
  const id = readId((await params).orderId);
  const order = id ? await cancelOrder(id).catch(() => null) : null;
  if (!order) return NextResponse.json({ code: 40400, message: '订单不存在' }, { status: 404 });
  return NextResponse.redirect(absoluteUrl(req, order.cancel_url), 303);
}
