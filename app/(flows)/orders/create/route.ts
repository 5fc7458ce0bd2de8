import { z } from 'zod';
import { createOrder } from '@/lib/server/wallet/orders';
import { ApiError } from '@/lib/server/core/errors';
import { SERVER_MSG } from '@/lib/server/messages';
import { readId } from '@/lib/shared/page-params';
import { returnPathOr } from '@/lib/shared/return-path';
import { orderFailureFor } from '@/lib/shared/order-failure';
import { hostFrom, ownHosts } from '@/lib/server/core/own-hosts';
import { escapeHtml, flowPage, flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { payContextFor } from '@/lib/server/wallet/payments/context';
import { offeredProviders } from '@/lib/server/wallet/payments/provider';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { paymentAvailability } from '@/lib/shared/payment-availability';

const FIELDS = ['pid', 'return', 'cancel', 'n_from', 'coupon_id', 'promotion_id', 'scene', 'provider'] as const;
const orderFields = z.record(z.string(), z.string().max(2048));
type OrderFields = z.infer<typeof orderFields>;

const pick = (fields: OrderFields) => new URLSearchParams(FIELDS.flatMap((k) => (fields[k] !== undefined ? [[k, fields[k]!]] : [])));

// GET /orders/create?pid&return&cancel&n_from&coupon_id&promotion_id&scene&provider — the links of the recharge page, modals and
// VIP plans land here. Opening an order is a write, so a GET only shows a confirmation whose button posts the same
// fields: a link on another site can no longer open orders in a reader's name (docs/api.md "Flow routes").
// Without a session, sign in first and come back here.
export const GET = withFlow(
  async ({ req, query }) => {
    if (!readId(query.pid)) return flowRedirect(req, '/recharge/start', 307);
    const back = returnPathOr(query.cancel ?? query.return);
    const hidden = [...pick(query)].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
    return flowPage(
      SERVER_MSG.orderConfirmTitle,
      `<p>${escapeHtml(SERVER_MSG.orderConfirmText)}</p><form method="post" action="/orders/create">${hidden}<button type="submit">${escapeHtml(SERVER_MSG.orderConfirmButton)}</button></form><a href="${escapeHtml(back)}">${escapeHtml(SERVER_MSG.orderConfirmCancel)}</a>`,
    );
  },
  { auth: 'member', query: orderFields },
);

// POST /orders/create (form: pid, return, cancel, n_from, coupon_id, promotion_id, scene, provider) — create the order
// with the chosen provider (one offered to this payer here, docs/payments.md "Choosing a provider") and send the
// payer to the provider's page. Same-origin only (withFlow). When no order can be opened (sold out, coupon,
// minors' caps) the payer sees why on /orders/failed and goes back to `cancel`.
export const POST = withFlow(
  async ({ req, form, member }) => {
    const productId = readId(form.pid);
    if (!productId) return flowRedirect(req, '/recharge/start');
    const couponId = form.coupon_id ? readId(form.coupon_id) : null;
    const back = returnPathOr(form.cancel ?? form.return);
    const failed = (reason: string) => flowRedirect(req, `/orders/failed?${new URLSearchParams({ reason, back })}`);
    if (couponId === undefined) return failed('coupon_missing');
    try {
      const order = await createOrder(member.id, productId, {
        returnUrl: form.return ?? null,
        cancelUrl: form.cancel ?? null,
        nFrom: form.n_from ?? null,
        couponId,
        promotionId: readId(form.promotion_id) ?? null,
        // The ad-removal scene (docs/ads.md "Ad removal"); createOrder keeps only 10008–10011.
        scene: readId(form.scene) ?? null,
        ownHosts: ownHosts(hostFrom(req.headers).host),
        // Where this browser may not pay at all (the iOS messaging app with ios_recharge_disabled, docs/shell.md
        // "Payment availability and recharge doors") no provider is offered, as on the recharge page: a hand-made form opens nothing.
        offered: paymentAvailability(req.headers.get('user-agent'), cachedFlags()).canPay
          ? offeredProviders(await payContextFor(req.headers, member.id))
          : [],
        provider: form.provider ?? null,
      });
      return flowRedirect(req, order.pay_url);
    } catch (err) {
      if (err instanceof ApiError) return failed(orderFailureFor(err.reason));
      throw err;
    }
  },
  { auth: 'member', form: orderFields, signInNext: ({ form }) => `/orders/create?${pick(form)}` },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
