// A signed-in member who owns some paid chapters, made through the app's own calls (no SQL, so it works the
// same on PGlite, whose database only the server may open, and on PostgreSQL): SMS code from the dev inbox
// (the server needs SMS_DEV_INBOX=1), a recharge through the sandbox provider, one purchase per chapter.
import crypto from 'node:crypto';

const sig = () => crypto.randomBytes(8).toString('hex');

/** One call with the client's headers; any other status than `expect` (or a non-zero code) ends the bench. */
export async function call(base, path, { method = 'GET', token, body, form, expect = 200 } = {}) {
  const headers = { accept: 'application/json', 'x-sig': sig() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const payload = form !== undefined ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: 'manual' });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status !== expect || (expect === 200 && json?.code !== undefined && json.code !== 0)) {
    throw new Error(`bench: ${method} ${path} answered HTTP ${res.status}: ${text.slice(0, 300)}`);
  }
  return { res, data: json?.data };
}

/** Signs `phone` in, recharges the largest coin pack and buys `chapterIds` of `novelId`; returns the session token. */
/** The agreement versions in force (GET /v1/agreements), sent with every sign-in as a reader who ticked the box would. */
export async function agreedVersions(base) {
  const { data } = await call(base, '/v1/agreements');
  return { user: data.user.version, privacy: data.privacy.version };
}

export async function memberWhoOwns(base, { phone, novelId, chapterIds }) {
  await call(base, '/v1/sms/code', { method: 'POST', body: { phone } });
  const { data: inbox } = await call(base, `/v1/dev/sms?phone=${phone}`);
  const agreements = await agreedVersions(base);
  const { data: session } = await call(base, '/v1/sms/login', { method: 'POST', body: { phone, code: inbox.code, agreements } });
  const token = session.token;

  const { data: products } = await call(base, '/v1/products?product_type=recharge');
  const pack = [...products].sort((a, b) => b.welth + b.reward_welth - (a.welth + a.reward_welth))[0];
  // The confirmation's form post: a GET of /orders/create only shows the confirmation.
  const { res: created } = await call(base, '/orders/create', {
    method: 'POST',
    token,
    form: { pid: String(pack.id), return: '/m/my' },
    expect: 303,
  });
  const orderId = /\/pay\/sandbox\/(\d+)/.exec(created.headers.get('location') ?? '')?.[1];
  if (!orderId) throw new Error(`bench: /orders/create sent the member to ${created.headers.get('location')}, not the sandbox page`);
  await call(base, `/pay/sandbox/${orderId}/approve`, { method: 'POST', token, expect: 303 });

  for (const aid of chapterIds) await call(base, `/v1/novels/${novelId}/buy`, { method: 'POST', token, body: { aid } });
  return token;
}

/** The browser benches' pages a visitor cannot open (the proxy sends them to sign in): the listen page and 我的. */
export const asMember = (path) => /^\/m\/(listen\/\d+|my)(\?|$)/.test(path);

/**
 * Signs `phone` in through the dev SMS inbox and returns the session cookies the server set (name, value), for a
 * browser bench that opens a login-guarded page (the listen page, 我的) as a member.
 */
export async function memberCookies(base, phone) {
  await call(base, '/v1/sms/code', { method: 'POST', body: { phone } });
  const { data: inbox } = await call(base, `/v1/dev/sms?phone=${phone}`);
  const agreements = await agreedVersions(base);
  const { res } = await call(base, '/v1/sms/login', { method: 'POST', body: { phone, code: inbox.code, agreements } });
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
  if (!cookies.some((c) => c.name === 'member_token')) throw new Error('bench: /v1/sms/login set no member_token cookie');
  return cookies;
}

/** The Cookie header for those cookies (a warm-up fetch of a guarded page). */
export const cookieHeader = (cookies) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');
