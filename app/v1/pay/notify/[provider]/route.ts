import type { NextRequest } from 'next/server';
import { log } from '@/lib/server/logger';
import { readBodyText } from '@/lib/server/core/request-input';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { takeProviderNotification } from '@/lib/server/wallet/payments/notify';
import { realProviderNamed } from '@/lib/server/wallet/payments/provider';
import { ApiError } from '@/lib/server/core/errors';
import { envelopeResponse, failureBody } from '@/lib/server/http/reply';
import { CODES } from '@/lib/shared/dto/envelope';

/** Our own envelope, for what is not a configured provider's notification at all. */
function refused(code: typeof CODES.notFound | typeof CODES.tooLarge): Response {
  const requestId = crypto.randomUUID();
  const error = new ApiError(code);
  return envelopeResponse(error.status, failureBody(error, requestId), requestId);
}

// POST /v1/pay/notify/{provider} — a real provider's payment or refund notification (docs/payments.md
// "Notifications"). Read raw: the signature covers the exact bytes. Answered in the provider's own format (not our
// envelope), so it stops retrying once the payment is taken; the provider's server sends no x-sig and no member
// session. A name that is not a configured provider, or a body past 64 KB, gets our own error envelope.
export async function POST(req: NextRequest, route: { params: Promise<{ provider: string }> }): Promise<Response> {
  const { provider } = await route.params;
  if (!realProviderNamed(provider)) return refused(CODES.notFound);
  let rawBody: string;
  try {
    rawBody = await readBodyText(req, 64 * 1024);
  } catch {
    return refused(CODES.tooLarge);
  }
  try {
    const { reply } = await takeProviderNotification(provider, { headers: req.headers, rawBody });
    return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.contentType, 'cache-control': 'no-store' } });
  } catch (err) {
    // The database is down or the like: the provider retries later, as it does on any 5xx.
    log('error', 'pay_notify_failed', { provider, err });
    return new Response(JSON.stringify({ code: 'FAIL', message: 'retry' }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  }
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
