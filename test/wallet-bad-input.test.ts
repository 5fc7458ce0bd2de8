// Bad input against the wallet's JSON endpoints: each answer is a clear 4xx in Chinese and nothing is written.
// What test/wallet-purchases and test/wallet-orders already refuse ('x', -1, {}, 1.5, a forged all-f signature,
// a changed amount, a malformed notice) is not repeated here.
import { eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { BAD_IDS, expectNothingWritten, expectRefused } from './write-guard';
import { POST as buy } from '@/app/v1/novels/[nid]/buy/route';
import { GET as afford } from '@/app/v1/articles/[id]/afford/route';
import { GET as listProducts } from '@/app/v1/products/route';
import { GET as product } from '@/app/v1/products/[id]/route';
import { GET as myOrders } from '@/app/v1/my/orders/route';
import { POST as notify } from '@/app/v1/pay/notify/sandbox/route';
import { products } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { createOrder } from '@/lib/server/wallet/orders';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { MAX_ID } from '@/lib/shared/constants';
import type { Tx } from '@/lib/server/db/client';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Member = Awaited<ReturnType<typeof signedInMember>>;
const nothingWritten = (calls: () => Promise<unknown>) => expectNothingWritten(db.handle().db, calls);

let rich: Member;
let other: Member;
let pending: { id: number; price: number };
let paid: { id: number; price: number };
let paidNotice: ReturnType<typeof signSandboxNotification>;

beforeAll(async () => {
  // A member who could pay for anything, so a wrongly accepted input would show up as a charge.
  rich = await signedInMember();
  other = await signedInMember();
  await db
    .handle()
    .db.transaction((tx) => credit(tx as unknown as Tx, rich.id, { kind: 'test_grant', source: 'bonus', welth: 10_000, welthCoupon: 100 }));
  const [pack] = await db.handle().db.select().from(products).where(eq(products.name, '600书币'));
  pending = await createOrder(rich.id, pack!.id, {});
  paid = await createOrder(rich.id, pack!.id, {});
  paidNotice = signSandboxNotification(paid.id, paid.price);
  await handlePaymentNotification('sandbox', paidNotice);
}, 120_000);

const buyRaw = (nid: string, rawBody: string, headers: Record<string, string> = rich.auth) =>
  callRoute<Any>(buy, {
    method: 'POST',
    url: `/v1/novels/${encodeURIComponent(nid)}/buy`,
    params: { nid },
    rawBody,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('GET /v1/articles/{id}/afford', () => {
  it('refuses every malformed id with 400', () =>
    nothingWritten(async () => {
      for (const id of BAD_IDS)
        expectRefused(await callRoute(afford, { url: '/v1/articles/x/afford', params: { id }, headers: rich.auth }), 400, id);
    }));
  it('answers 404 for the largest id there can be', async () => {
    expectRefused(await callRoute(afford, { url: '/v1/articles/x/afford', params: { id: String(MAX_ID) } }), 404);
  });
});

describe('POST /v1/novels/{nid}/buy', () => {
  it('refuses every malformed novel id with 400', () =>
    nothingWritten(async () => {
      for (const nid of BAD_IDS) expectRefused(await buyRaw(nid, '{"aid":21}'), 400, nid);
    }));

  it.each([
    0,
    1e20,
    2 ** 53,
    2 ** 53 + 2,
    2147483648,
    21.000001,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    '1e3',
    '21abc',
    '-21',
    '２１',
    '0x15',
    null,
    true,
    [21],
    { id: 21 },
  ])('refuses aid %p with 400 and charges nothing', (aid) =>
    nothingWritten(async () => {
      expectRefused(await buyRaw('1', JSON.stringify({ aid })), 400, aid);
    }),
  );

  it.each(['{"aid":1e400}', '{"aid":-1e400}', '{"aid":21', '[21]', '"21"', 'null', 'aid=21', '{"aid":"21\\u0000"}'])(
    'refuses the body %s with 400',
    (raw) =>
      nothingWritten(async () => {
        expectRefused(await buyRaw('1', raw), 400, raw);
      }),
  );

  it('refuses a body over 64 KB with 413', () =>
    nothingWritten(async () => {
      expectRefused(await buyRaw('1', JSON.stringify({ aid: 21, pad: 'x'.repeat(70_000) })), 413);
    }));

  it('refuses a forged or malformed bearer token with 90002', () =>
    nothingWritten(async () => {
      for (const authorization of [`Bearer ${'z'.repeat(43)}`, 'Bearer ', `Bearer ${rich.token}x`, `Basic ${rich.token}`]) {
        const res = await buyRaw('1', '{"aid":21}', { authorization });
        expectRefused(res, 401, authorization);
        expect(res.body.code).toBe(90002);
      }
    }));

  it('a chapter of the largest novel id is missing, and so is the largest chapter id', () =>
    nothingWritten(async () => {
      expectRefused(await buyRaw(String(MAX_ID), '{"aid":21}'), 404);
      expectRefused(await buyRaw('1', JSON.stringify({ aid: MAX_ID })), 404);
    }));

  it('an x-sig reused for another chapter replays the first answer and unlocks nothing more', async () => {
    const sig = 'ReusedSig0000001';
    const first = await buyRaw('1', '{"aid":31}', { ...rich.auth, 'x-sig': sig });
    expect(first.body.data).toMatchObject({ aid: 31, already_owned: false });
    await nothingWritten(async () => {
      const again = await buyRaw('1', '{"aid":32}', { ...rich.auth, 'x-sig': sig });
      expect(again.headers.get('x-idempotent-replay')).toBe('1');
      expect(again.body).toEqual(first.body);
    });
  });
});

describe('GET /v1/products and /v1/products/{id}', () => {
  it.each([
    ['empty', ''],
    ['VIP', 'VIP'],
    ['trailing space', 'recharge '],
    ['a list', 'recharge,vip'],
    ['markup', '<script>'],
    ['1,000 characters', 'x'.repeat(1000)],
  ])('refuses product_type (%s) with 400', (_label, type) =>
    nothingWritten(async () => {
      expectRefused(await callRoute(listProducts, { url: `/v1/products?product_type=${encodeURIComponent(type)}` }), 400, type);
    }),
  );
  it('refuses every malformed product id with 400', () =>
    nothingWritten(async () => {
      for (const id of BAD_IDS) expectRefused(await callRoute(product, { url: '/v1/products/x', params: { id } }), 400, id);
      expectRefused(await callRoute(product, { url: '/v1/products/x', params: { id: String(MAX_ID) } }), 404);
    }));
});

describe('GET /v1/my/orders', () => {
  it.each([
    ['start', '-1'],
    ['start', '1e20'],
    ['start', '1.5'],
    ['start', 'abc'],
    ['start', '9007199254740992'],
    ['start', '2147483648'],
    ['limit', '0'],
    ['limit', '101'],
    ['limit', '-1'],
    ['limit', '1e2'],
    ['limit', '2.5'],
    ['limit', 'ten'],
  ])('refuses %s=%p with 400', (name, value) =>
    nothingWritten(async () => {
      expectRefused(
        await callRoute(myOrders, { url: `/v1/my/orders?${name}=${encodeURIComponent(value)}`, headers: rich.auth }),
        400,
        `${name}=${value}`,
      );
    }),
  );
  it('needs a session, and shows a member only their own orders', async () => {
    expectRefused(await callRoute(myOrders, { url: '/v1/my/orders' }), 401);
    const theirs = await callRoute<Any>(myOrders, { url: '/v1/my/orders', headers: other.auth });
    expect(theirs.body.data).toEqual({ data: [], hasmore: false });
    const mine = await callRoute<Any>(myOrders, { url: '/v1/my/orders', headers: rich.auth });
    expect(mine.body.data!.data.map((o: Any) => o.id)).toEqual([paid.id]);
  });
});

describe('POST /v1/pay/notify/sandbox', () => {
  const send = (body: unknown) => callRoute<Any>(notify, { method: 'POST', url: '/v1/pay/notify/sandbox', body });
  const sendRaw = (rawBody: string) =>
    callRoute<Any>(notify, { method: 'POST', url: '/v1/pay/notify/sandbox', rawBody, headers: { 'content-type': 'application/json' } });

  it.each([
    ['order_id', [1e20, 2 ** 53, 0, -1, '', '12abc', null, '２１']],
    ['amount', [1e20, 2 ** 53, -1, '600', null, 100_000_001]],
    ['notification_id', ['', 'XYZ', 'ABCDEF12', 'a'.repeat(65), 123, null]],
    ['sig', ['', 'F'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), 'g'.repeat(64), null]],
    ['status', ['PAID', '', null]],
  ] as const)('refuses a malformed %s with 400', (field, values) =>
    nothingWritten(async () => {
      const good = signSandboxNotification(pending.id, pending.price);
      for (const value of values) expectRefused(await send({ ...good, [field]: value }), 400, `${field}=${value}`);
    }),
  );

  it.each(['{', '[]', '"paid"', '{"order_id":1e400}'])('refuses the body %s with 400', (raw) =>
    nothingWritten(async () => {
      expectRefused(await sendRaw(raw), 400, raw);
    }),
  );

  it('refuses a signature made for another order, even at the same price', () =>
    nothingWritten(async () => {
      const forOther = signSandboxNotification(paid.id, pending.price);
      expectRefused(await send({ ...forOther, order_id: pending.id }), 403);
      // Or for the same order under another notification id.
      const good = signSandboxNotification(pending.id, pending.price);
      expectRefused(await send({ ...good, notification_id: 'ab'.repeat(12) }), 403);
    }));

  it('a correctly signed notice for an order that does not exist is 404', () =>
    nothingWritten(async () => {
      expectRefused(await send(signSandboxNotification(MAX_ID, 600)), 404);
    }));

  it("the paid order's own notice, replayed, answers without writing anything", () =>
    nothingWritten(async () => {
      const res = await send(paidNotice);
      expect(res.body.data).toEqual({ order_id: paid.id, status: 'paid', credited: false, refund_due: false });
    }));
});
