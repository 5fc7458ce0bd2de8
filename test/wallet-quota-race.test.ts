// Readers racing for a limited pack through the real browser flows (docs/wallet-orders.md "Rushes for a limited
// pack"): POST /orders/create, then the sandbox checkout's approve, which runs the payment notification. Exactly the
// day's slots are sold, every reader gets an answer we wrote (the provider's page, 已售罄, 请稍后再试), never a 5xx,
// and nothing is logged at error level. On PostgreSQL the race is real (20 pooled connections, row locks,
// lock_timeout); on PGlite the same flows run one transaction at a time.
import { Client } from 'pg';
import { and, count, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { POST as approve } from '@/app/(flows)/pay/sandbox/[orderId]/approve/route';
import { orders, paymentExceptions, productQuotaDays, products } from '@/lib/server/db/schema';
import { auditLedger } from '@/lib/server/wallet/audit';
import { createOrder } from '@/lib/server/wallet/orders';

// Production waits 2 s for a row lock (DB_LOCK_TIMEOUT_MS); the attacker's loaded server met that bound during the
// rush. This machine runs the whole race in about ten seconds, so the file waits 250 ms: the same race then meets
// the bound here (the code before the fix answered dozens of readers with an error page).
process.env.DB_LOCK_TIMEOUT_MS = '250';
// Waiting for one of the 20 pooled connections is another matter: hundreds of requests at once in one process on a
// shared 2-core machine queue there for longer than the 5 s bound whatever the locks do, and a reader who meets it is
// answered 503 服务器繁忙 by design (docs/operations.md). The file lifts that bound so the race measures the locks.
process.env.DB_CONNECT_TIMEOUT_MS = '120000';

jest.setTimeout(180_000);
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const READERS = onPostgres ? 300 : 30;
const SLOTS = onPostgres ? 100 : 10;
// A reader told 请稍后再试 taps again; a few times at most.
const TAPS = 5;

type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Auth = Record<string, string>;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost', accept: 'text/html' };

function post(route: unknown, url: string, headers: Auth, body?: string, params: Record<string, string> = {}) {
  const req = new NextRequest(new URL(url, 'http://localhost'), { method: 'POST', headers: { ...SAME_ORIGIN, ...headers }, body });
  return (route as Route)(req, { params: Promise.resolve(params) });
}

const openOrder = (auth: Auth, pid: number) =>
  post(
    createOrderRoute,
    '/orders/create',
    { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ pid: String(pid), return: '/m/my', cancel: '/recharge/start' }).toString(),
  );
const pay = (auth: Auth, orderId: string) => post(approve, `/pay/sandbox/${orderId}/approve`, auth, undefined, { orderId });
const where = (res: Response) => new URL(res.headers.get('location') ?? 'http://localhost/none');

/** Error-level log lines written while `work` runs, each cut to its event and the error's code and first words. */
async function errorLines(work: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'error';
  const spy = jest.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await work();
  } finally {
    spy.mockRestore();
    process.env.LOG_LEVEL = level;
  }
  return lines.map((line) => {
    const e = JSON.parse(line) as { event: string; err?: { message?: string; code?: string; cause?: { code?: string } } };
    return `${e.event} ${e.err?.cause?.code ?? e.err?.code ?? ''} ${(e.err?.message ?? '').slice(0, 60)}`;
  });
}

async function limitedPack(name: string, slots: number) {
  const [pack] = await d()
    .insert(products)
    .values({ productType: 'recharge', name, price: 600, welth: 600, dailyQuota: slots })
    .returning();
  return pack!;
}
const ordersOf = async (productId: number, status: string) =>
  (
    await d()
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.productId, productId), eq(orders.status, status)))
  )[0]!.n;

interface Tally {
  statuses: number[];
  soldOut: number;
  busy: number;
  payAgain: number;
  paid: number;
  odd: string[];
}

/** One reader: open an order; if it opens, pay it on the sandbox page. Taps again when told to try later. */
async function reader(auth: Auth, pid: number, tally: Tally): Promise<void> {
  for (let tap = 0; tap < TAPS; tap++) {
    const res = await openOrder(auth, pid);
    tally.statuses.push(res.status);
    const to = where(res);
    if (to.pathname === '/orders/failed') {
      const reason = to.searchParams.get('reason');
      if (reason === 'busy') {
        tally.busy += 1;
        continue;
      }
      if (reason === 'sold_out') tally.soldOut += 1;
      else tally.odd.push(`refused: ${reason}`);
      return;
    }
    const orderId = /^\/pay\/sandbox\/(\d+)$/.exec(to.pathname)?.[1];
    if (!orderId) return void tally.odd.push(`create went to ${to.pathname}`);
    for (let again = 0; again < TAPS; again++) {
      const paid = await pay(auth, orderId);
      tally.statuses.push(paid.status);
      const back = where(paid);
      if (back.pathname === '/m/my') return void (tally.paid += 1);
      if (back.searchParams.get('failed') !== '1') return void tally.odd.push(`pay went to ${back.pathname}`);
      tally.payAgain += 1;
    }
    return void tally.odd.push(`order ${orderId} never paid`);
  }
  tally.odd.push('busy on every tap');
}

describe('a limited pack raced by many readers', () => {
  it(`${READERS} readers, ${SLOTS} slots: exactly ${SLOTS} paid, every answer ours, no 5xx, no error logged`, async () => {
    if (onPostgres) expect((await d().execute(sql`show lock_timeout`)).rows).toEqual([{ lock_timeout: '250ms' }]);
    const pack = await limitedPack('抢购限量包', SLOTS);
    const members: Auth[] = [];
    for (let i = 0; i < READERS; i += 50)
      members.push(...(await Promise.all(Array.from({ length: Math.min(50, READERS - i) }, async () => (await signedInMember()).auth))));

    const tally: Tally = { statuses: [], soldOut: 0, busy: 0, payAgain: 0, paid: 0, odd: [] };
    const started = Date.now();
    const errors = await errorLines(async () => {
      await Promise.all(members.map((auth) => reader(auth, pack.id, tally)));
    });
    // The figures of the race travel with any failure (and say how hard it was when it passes).
    const race = {
      seconds: (Date.now() - started) / 1000,
      paid: tally.paid,
      soldOut: tally.soldOut,
      busy: tally.busy,
      payAgain: tally.payAgain,
    };
    const tallied = (lines: string[]) => lines.reduce<Record<string, number>>((n, l) => ({ ...n, [l]: (n[l] ?? 0) + 1 }), {});

    expect({ race, errors: tallied(errors), odd: tallied(tally.odd) }).toEqual({ race, errors: {}, odd: {} });
    expect(tally.statuses.filter((s) => s !== 303)).toEqual([]);
    expect(tally.paid).toBe(SLOTS);
    expect(tally.paid + tally.soldOut).toBe(READERS);
    expect(await ordersOf(pack.id, 'paid')).toBe(SLOTS);
    expect(await ordersOf(pack.id, 'pending')).toBe(0);
    const days = await d().select({ used: productQuotaDays.used }).from(productQuotaDays).where(eq(productQuotaDays.productId, pack.id));
    expect(days).toEqual([{ used: SLOTS }]);
    expect(
      await d()
        .select()
        .from(paymentExceptions)
        .where(sql`${paymentExceptions.orderId} in (select id from orders where product_id = ${pack.id})`),
    ).toEqual([]);
    expect(await auditLedger(d())).toEqual([]);
  });
});

// The day's slot row held by another transaction past lock_timeout: what the rush does to the slowest reader,
// made certain. Only PostgreSQL has a second connection to hold it.
(onPostgres ? describe : describe.skip)("the day's slot row held elsewhere", () => {
  let holder: Client;
  beforeEach(async () => {
    holder = new Client({ connectionString: db.handle().url });
    await holder.connect();
  });
  afterEach(async () => {
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
  });
  /** Runs one call while another connection holds the pack's day row; the call answers 303 and logs no error. */
  const whileDayHeld = async (productId: number, call: () => Promise<Response>): Promise<URL> => {
    await holder.query('begin');
    const held = await holder.query('select used from product_quota_days where product_id = $1 for update', [productId]);
    expect(held.rowCount).toBe(1);
    let res: Response | undefined;
    const errors = await errorLines(async () => {
      res = await call();
    });
    await holder.query('rollback');
    expect(errors).toEqual([]);
    expect(res!.status).toBe(303);
    return where(res!);
  };

  it('a payment for an order holding its slot is credited without waiting for the row', async () => {
    const pack = await limitedPack('限量包·支付', 5);
    const payer = await signedInMember();
    const order = await createOrder(payer.id, pack.id, { returnUrl: '/m/my' });
    expect((await whileDayHeld(pack.id, () => pay(payer.auth, String(order.id)))).pathname).toBe('/m/my');
    expect(await ordersOf(pack.id, 'paid')).toBe(1);
  });

  it('a reader who cannot get the row in time is told to try later (303 to 请稍后再试), and nothing is written', async () => {
    const pack = await limitedPack('限量包·稍后', 5);
    const reader = await signedInMember();
    await createOrder((await signedInMember()).id, pack.id, {});
    expect((await whileDayHeld(pack.id, () => openOrder(reader.auth, pack.id))).searchParams.get('reason')).toBe('busy');
    expect(await d().select().from(orders).where(eq(orders.memberId, reader.id))).toEqual([]);
    expect(await d().select({ used: productQuotaDays.used }).from(productQuotaDays).where(eq(productQuotaDays.productId, pack.id))).toEqual(
      [{ used: 1 }],
    );
    // The row free again, the same tap opens the order.
    expect(where(await openOrder(reader.auth, pack.id)).pathname).toMatch(/^\/pay\/sandbox\/\d+$/);
  });

  it('a sold-out day answers 已售罄 at once, without queuing on the row', async () => {
    const pack = await limitedPack('限量包·售罄', 1);
    await createOrder((await signedInMember()).id, pack.id, {});
    const late = await signedInMember();
    expect((await whileDayHeld(pack.id, () => openOrder(late.auth, pack.id))).searchParams.get('reason')).toBe('sold_out');
  });
});
