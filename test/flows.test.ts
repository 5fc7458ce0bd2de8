// The browser flows through withFlow (docs/api.md "Flow routes"): same-origin form posts only, orders opened by a
// post rather than a link, and errors as a small Chinese page for browsers.
import { count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as confirmOrder, POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { POST as approve } from '@/app/(flows)/pay/sandbox/[orderId]/approve/route';
import { POST as cancel } from '@/app/(flows)/pay/sandbox/[orderId]/cancel/route';
import { orders, products } from '@/lib/server/db/schema';
import { createOrder } from '@/lib/server/wallet/orders';
import { getBalance } from '@/lib/server/wallet/accounts';
import { withFlow } from '@/lib/server/http/with-flow';
import { MSG } from '@/lib/shared/messages';

const db = useTestDatabase({ seed: true });
type Member = Awaited<ReturnType<typeof signedInMember>>;
type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let payer: Member;
let pack: typeof products.$inferSelect;
const orderCount = async () => (await db.handle().db.select({ n: count() }).from(orders))[0]!.n;
const statusOf = async (id: number) => (await db.handle().db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

function send(
  route: unknown,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
  params: Record<string, string> = {},
) {
  return (route as Route)(new NextRequest(new URL(url, 'http://localhost'), { method, headers, body }), {
    params: Promise.resolve(params),
  });
}

beforeAll(async () => {
  payer = await signedInMember();
  pack = (await db.handle().db.select().from(products).where(eq(products.name, '600书币')))[0]!;
}, 120_000);

const CROSS_SITE: Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'https://evil.example' },
  { origin: 'null' },
];

describe.each([
  ['approve', approve],
  ['cancel', cancel],
] as const)('POST /pay/sandbox/{orderId}/%s from another site', (action, route) => {
  it.each(CROSS_SITE)('is refused with 403 and leaves the order pending (%o)', async (site) => {
    const order = await createOrder(payer.id, pack.id, { returnUrl: '/m/my' });
    const balance = await getBalance(payer.id);
    const res = await send(route, 'POST', `/pay/sandbox/${order.id}/${action}`, { ...payer.auth, ...site }, undefined, {
      orderId: String(order.id),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(40300);
    expect(await statusOf(order.id)).toBe('pending');
    expect(await getBalance(payer.id)).toEqual(balance);
  });

  it('is taken from this origin', async () => {
    const order = await createOrder(payer.id, pack.id, { returnUrl: '/m/my' });
    const res = await send(
      route,
      'POST',
      `/pay/sandbox/${order.id}/${action}`,
      { ...payer.auth, 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      undefined,
      { orderId: String(order.id) },
    );
    expect(res.status).toBe(303);
    expect(await statusOf(order.id)).toBe(action === 'approve' ? 'paid' : 'cancelled');
  });
});

describe('/orders/create', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  it('a GET (a link, from anywhere) opens no order: it shows a confirmation that posts the same fields', async () => {
    const before = await orderCount();
    const res = await send(confirmOrder, 'GET', `/orders/create?pid=${pack.id}&return=%2Fm%2Fmy&cancel=%2Fm%2Fvip`, {
      ...payer.auth,
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/orders/create">');
    expect(html).toContain(`<input type="hidden" name="pid" value="${pack.id}">`);
    expect(html).toContain('<input type="hidden" name="return" value="/m/my">');
    expect(html).toContain('确认并前往支付');
    expect(html).toContain('href="/m/vip"');
    expect(await orderCount()).toBe(before);
  });

  it('escapes what the link carries on the confirmation', async () => {
    const res = await send(
      confirmOrder,
      'GET',
      `/orders/create?pid=${pack.id}&n_from=${encodeURIComponent('"><script>alert(1)</script>')}`,
      payer.auth,
    );
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#34;&#62;&#60;script&#62;');
  });

  it.each(CROSS_SITE)('refuses a cross-site post with 403 and opens no order (%o)', async (site) => {
    const before = await orderCount();
    const res = await send(createOrderRoute, 'POST', '/orders/create', { ...payer.auth, ...FORM, ...site }, form({ pid: String(pack.id) }));
    expect(res.status).toBe(403);
    expect(await orderCount()).toBe(before);
  });

  it('opens the order on a same-origin post and sends the payer to the provider', async () => {
    const before = await orderCount();
    const res = await send(
      createOrderRoute,
      'POST',
      '/orders/create',
      { ...payer.auth, ...FORM, 'sec-fetch-site': 'same-origin' },
      form({ pid: String(pack.id), return: '/m/my' }),
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).pathname).toMatch(/^\/pay\/sandbox\/\d+$/);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses a JSON body and a streamed body over the limit with 4xx', async () => {
    const json = await send(
      createOrderRoute,
      'POST',
      '/orders/create',
      { ...payer.auth, 'content-type': 'application/json' },
      JSON.stringify({ pid: pack.id }),
    );
    expect(json.status).toBe(400);
    const big = await send(createOrderRoute, 'POST', '/orders/create', { ...payer.auth, ...FORM }, `pid=1&x=${'a'.repeat(70 * 1024)}`);
    expect(big.status).toBe(413);
  });
});

describe('a flow error in a browser', () => {
  it('is a small Chinese page with the status, not JSON', async () => {
    const stranger = await signedInMember();
    const order = await createOrder(payer.id, pack.id, {});
    const res = await send(
      cancel,
      'POST',
      `/pay/sandbox/${order.id}/cancel`,
      { ...stranger.auth, accept: 'text/html,application/xhtml+xml' },
      undefined,
      { orderId: String(order.id) },
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('订单不存在');
    expect(html).toContain('href="/m"');
    expect(await statusOf(order.id)).toBe('pending');
  });
});

describe('a flow whose database is busy', () => {
  // Drizzle's wrapping of a statement that waited past lock_timeout, as a rush for a limited pack produced it.
  const lockTimeout = () =>
    Object.assign(new Error('Failed query: insert into "product_quota_days" …'), {
      cause: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
    });

  it('answers 503 with the busy text and logs a warning, not an error; a real fault is still a logged 500', async () => {
    const lines: Array<{ level: string; event: string }> = [];
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'warn';
    const keep = (line: unknown) => void lines.push(JSON.parse(String(line)) as { level: string; event: string });
    const spies = [jest.spyOn(console, 'error').mockImplementation(keep), jest.spyOn(console, 'log').mockImplementation(keep)];
    try {
      const busy = await send(
        withFlow(async () => Promise.reject(lockTimeout())),
        'GET',
        '/somewhere',
        { accept: 'text/html' },
      );
      expect(busy.status).toBe(503);
      expect(await busy.text()).toContain(MSG.serverBusy);
      const broken = await send(
        withFlow(async () => Promise.reject(new Error('a bug'))),
        'GET',
        '/somewhere',
        { accept: 'text/html' },
      );
      expect(broken.status).toBe(500);
    } finally {
      spies.forEach((s) => s.mockRestore());
      process.env.LOG_LEVEL = level;
    }
    expect(lines.map((l) => `${l.level} ${l.event}`)).toEqual(['warn flow_db_unavailable', 'error flow_unexpected']);
  });
});
