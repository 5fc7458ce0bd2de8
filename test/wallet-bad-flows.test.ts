// Bad input against the payment flow routes (/orders/create and the sandbox provider's approve and cancel), which
// answer redirects on success: malformed ids, products that cannot be ordered, no session, another member's order.
// Each refusal says why in Chinese (a JSON 4xx, or the notice a redirect carries) and writes nothing.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { BAD_IDS, expectNothingWritten, expectRefused } from './write-guard';
import { GET as confirmOrderRoute, POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { POST as approve } from '@/app/(flows)/pay/sandbox/[orderId]/approve/route';
import { POST as cancel } from '@/app/(flows)/pay/sandbox/[orderId]/cancel/route';
import { POST as notify } from '@/app/v1/pay/notify/sandbox/route';
import { orders, products } from '@/lib/server/db/schema';
import { createOrder } from '@/lib/server/wallet/orders';
import { getBalance } from '@/lib/server/wallet/accounts';
import { MAX_ID } from '@/lib/shared/constants';

const db = useTestDatabase({ seed: true });
type Member = Awaited<ReturnType<typeof signedInMember>>;
const nothingWritten = (calls: () => Promise<unknown>) => expectNothingWritten(db.handle().db, calls);

/** Calls a flow route; its answer is a redirect (location) or a JSON refusal (body). */
async function call(
  handler: (req: NextRequest, ctx: { params: Promise<{ orderId: string }> }) => Promise<Response>,
  method: string,
  url: string,
  orderId = '',
  headers: Record<string, string> = {},
  body?: string,
) {
  const res = await handler(new NextRequest(new URL(url, 'http://localhost'), { method, headers, body }), {
    params: Promise.resolve({ orderId }),
  });
  const location = res.headers.get('location');
  return {
    status: res.status,
    location: location ? new URL(location) : null,
    body: location ? {} : ((await res.json()) as { code?: number; message?: string }),
  };
}
/** The confirmation's form post: the fields of the /orders/create link, posted from this origin. */
const create = (query: string, member?: Member) =>
  call(
    createOrderRoute as never,
    'POST',
    '/orders/create',
    '',
    { ...member?.auth, 'content-type': 'application/x-www-form-urlencoded' },
    query,
  );
const sandbox = (action: 'approve' | 'cancel', orderId: string, member?: Member) =>
  call(
    action === 'approve' ? approve : cancel,
    'POST',
    `/pay/sandbox/${encodeURIComponent(orderId)}/${action}`,
    orderId,
    member?.auth ?? {},
  );

let payer: Member;
let stranger: Member;
let pack: typeof products.$inferSelect;
let order: { id: number };
const statusOf = async (id: number) => (await db.handle().db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

beforeAll(async () => {
  payer = await signedInMember();
  stranger = await signedInMember();
  pack = (await db.handle().db.select().from(products).where(eq(products.name, '600书币')))[0]!;
  order = await createOrder(payer.id, pack.id, {});
}, 120_000);

describe('POST /orders/create', () => {
  it('a malformed product id goes to the shop and creates no order', () =>
    nothingWritten(async () => {
      for (const pid of BAD_IDS) {
        const res = await create(`pid=${encodeURIComponent(pid)}`, payer);
        expect([res.status, res.location?.pathname]).toEqual([303, '/recharge/start']);
      }
      expect((await create('', payer)).location?.pathname).toBe('/recharge/start');
    }));

  it('a product that does not exist, or is sold for coins only, lands on /orders/failed with our reason and the way back', () =>
    nothingWritten(async () => {
      const [wholeBook] = await db.handle().db.select().from(products).where(eq(products.productType, 'whole_book')).limit(1);
      for (const [pid, reason] of [
        [MAX_ID, 'product'],
        [wholeBook!.id, 'whole_book'],
      ] as const) {
        const res = await create(`pid=${pid}&cancel=%2Fm%2Fvip`, payer);
        expect(res.location?.pathname).toBe('/orders/failed');
        expect(Object.fromEntries(res.location!.searchParams)).toEqual({ reason, back: '/m/vip' });
      }
    }));

  it('without a session (or with a forged one) it sends the reader to sign in first', () =>
    nothingWritten(async () => {
      const res = await create(`pid=${pack.id}`);
      // See Other: the browser GETs the login page (the in-app buy buttons post this form without a session too).
      expect(res.status).toBe(303);
      expect(res.location?.pathname).toBe('/m/login');
      expect(res.location?.searchParams.get('next')).toBe(`/orders/create?pid=${pack.id}`);
      const forged = await call(confirmOrderRoute as never, 'GET', `/orders/create?pid=${pack.id}`, '', {
        authorization: `Bearer ${'z'.repeat(43)}`,
      });
      expect(forged.location?.pathname).toBe('/m/login');
    }));
});

describe.each(['approve', 'cancel'] as const)('POST /pay/sandbox/{orderId}/%s', (action) => {
  it('refuses every malformed order id with 400', () =>
    nothingWritten(async () => {
      for (const id of BAD_IDS) expectRefused(await sandbox(action, id, payer), 400, id);
    }));

  it('answers 404 for an order that does not exist', () =>
    nothingWritten(async () => {
      expectRefused(await sandbox(action, String(MAX_ID), payer), 404);
    }));

  it('refuses a visitor without a session with 90002', () =>
    nothingWritten(async () => {
      const res = await sandbox(action, String(order.id));
      expectRefused(res, 401);
      expect(res.body.code).toBe(90002);
    }));

  it('treats another member’s order as missing and leaves it pending', () =>
    nothingWritten(async () => {
      const res = await sandbox(action, String(order.id), stranger);
      expectRefused(res, 404);
      expect(res.body.message).toBe('订单不存在');
      expect(await statusOf(order.id)).toBe('pending');
    }));
});

describe('the payer’s own checkout still works', () => {
  it('approving pays and credits once (the notice reaches the notify route in process); cancelling a paid order changes nothing', async () => {
    // The sandbox notifies over HTTP; here that request goes straight to the notify route.
    const fetchSpy = jest
      .spyOn(global, 'fetch')
      .mockImplementation(async (input, init) => notify(new NextRequest(String(input), init as never), { params: Promise.resolve({}) }));
    try {
      const mine = await createOrder(payer.id, pack.id, { returnUrl: '/m/my' });
      for (let i = 0; i < 2; i++) {
        const res = await sandbox('approve', String(mine.id), payer);
        expect([res.status, res.location?.pathname]).toEqual([303, '/m/my']);
      }
      expect(await getBalance(payer.id)).toEqual({ welth: pack.welth, welth_coupon: 0 });
      await nothingWritten(async () => {
        expect((await sandbox('cancel', String(mine.id), payer)).status).toBe(303);
      });
      expect(await statusOf(mine.id)).toBe('paid');
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('cancelling a pending order of one’s own ends it', async () => {
    const mine = await createOrder(payer.id, pack.id, {});
    expect((await sandbox('cancel', String(mine.id), payer)).status).toBe(303);
    expect(await statusOf(mine.id)).toBe('cancelled');
  });
});
