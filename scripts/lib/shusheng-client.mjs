// A small HTTP client for the crash test and the purchase bench: SMS sign-in through the dev inbox, sandbox
// orders and notifications, chapter purchases. Every call answers {status, body, headers} and never throws on a
// 4xx/5xx; a connection error (the server died) rejects, which is what the crash test counts on.
import { createHmac, randomBytes } from 'node:crypto';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function shushengClient(base, { timeoutMs = 30_000 } = {}) {
  async function call(method, path, { token, body, sig, headers = {} } = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // Every mutation carries an x-sig, as the app's client sends (docs/api.md "x-sig"): a given one to replay.
        ...(sig || MUTATING.has(method) ? { 'x-sig': sig ?? randomBytes(12).toString('base64url') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Redirects and pages are not JSON.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  return {
    call,
    /**
     * Signs a member in by SMS through the dev inbox. A local client of a demo server is not counted per IP
     * (docs/abuse.md), so many members sign in from here; a forwarding header would make it not local.
     */
    async signIn(phone) {
      const sent = await call('POST', '/v1/sms/code', { body: { phone } });
      if (sent.status !== 200) throw new Error(`sms code for ${phone}: HTTP ${sent.status} ${JSON.stringify(sent.body)}`);
      const inbox = await call('GET', `/v1/dev/sms?phone=${phone}`);
      if (inbox.status !== 200) throw new Error(`dev inbox for ${phone}: HTTP ${inbox.status} (is SMS_DEV_INBOX=1 set?)`);
      // The versions in force, as a reader who ticked the agreements box sends them (docs/agreements.md).
      const current = (await call('GET', '/v1/agreements')).body.data;
      const agreements = { user: current.user.version, privacy: current.privacy.version };
      const login = await call('POST', '/v1/sms/login', { body: { phone, code: inbox.body.data.code, agreements } });
      if (login.status !== 200) throw new Error(`sms login for ${phone}: HTTP ${login.status} ${JSON.stringify(login.body)}`);
      return { id: login.body.data.member_id, token: login.body.data.token };
    },
    /** POST /orders/create (the confirmation's form): a pending order; the answer is a redirect to /pay/sandbox/{id}. */
    async createOrder(token, productId) {
      const form = new URLSearchParams({ pid: String(productId), return: '/m/my' }).toString();
      const res = await call('POST', '/orders/create', {
        token,
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const id = Number(res.headers.get('location')?.match(/\/pay\/sandbox\/(\d+)$/)?.[1]);
      if (res.status !== 303 || !id) throw new Error(`order for product ${productId}: HTTP ${res.status} → ${res.headers.get('location')}`);
      return id;
    },
    approve: (orderId, token) => call('POST', `/pay/sandbox/${orderId}/approve`, { token }),
    cancel: (orderId, token) => call('POST', `/pay/sandbox/${orderId}/cancel`, { token }),
    notify: (notification) => call('POST', '/v1/pay/notify/sandbox', { body: notification }),
    buy: (token, nid, aid, sig) => call('POST', `/v1/novels/${nid}/buy`, { token, sig, body: { aid } }),
    audit: (adminToken) => call('GET', '/v1/admin/ledger/audit', { headers: { 'x-admin-token': adminToken } }),
  };
}

/** The sandbox provider's signed notification (lib/server/wallet/payments/sandbox.ts), made with the server's APP_SECRET. */
export function signNotification(secret, orderId, amount, notificationId) {
  const n = { order_id: orderId, notification_id: notificationId, amount, status: 'paid' };
  return {
    ...n,
    sig: createHmac('sha256', secret).update(`sandbox:${n.order_id}:${n.notification_id}:${n.amount}:${n.status}`).digest('hex'),
  };
}

/** A 16-character x-sig (the server's pattern [A-Za-z0-9_-]{16}) built from a label and a number, so runs repeat exactly. */
export function sigFor(label, n) {
  const tail = String(n);
  return `${label.slice(0, 16 - tail.length).padEnd(16 - tail.length, '_')}${tail}`;
}
