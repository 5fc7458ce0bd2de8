// Statements a purchase and a paid read send to PostgreSQL (issue 38, docs/wallet.md "Statements per purchase").
// Each statement is one round trip on the pooled connection, and the database's CPU per purchase follows their
// number: these budgets keep a later change from quietly adding queries to the hottest money path. Counted on
// node-postgres's client (BEGIN and COMMIT included); PGlite runs the same code with no network, so it is skipped.
import { Client } from 'pg';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as buy } from '@/app/v1/novels/[nid]/buy/route';
import { GET as read } from '@/app/v1/read/[id]/route';
import { credit } from '@/lib/server/wallet/credit';
import { auditLedger } from '@/lib/server/wallet/audit';
import type { Tx } from '@/lib/server/db/client';

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describePg = onPostgres ? describe : describe.skip;
const db = useTestDatabase({ seed: true });

/** Runs `work` and returns what it answered and the SQL statements it sent, in order. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    statements.push(typeof config === 'string' ? config : (config?.text ?? '?'));
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    proto.query = original;
  }
}

const buyCall = (auth: Record<string, string>, aid: number) =>
  callRoute(buy, { method: 'POST', url: '/v1/novels/1/buy', params: { nid: '1' }, body: { aid }, headers: auth }) as Promise<{
    status: number;
    body: Any;
  }>;

describePg('statements per purchase and per paid read', () => {
  it('a chapter purchase, from session to answer, and a read of the bought chapter stay within their budget', async () => {
    const m = await signedInMember();
    await db.handle().db.transaction(async (tx) => {
      await credit(tx as unknown as Tx, m.id, { kind: 'test_grant', source: 'bonus', welth: 1000, welthCoupon: 3, voucherDays: 7 });
    });
    // The first purchase creates the system accounts and warms the process's caches; the second is the steady state.
    expect((await buyCall(m.auth, 21)).status).toBe(200);
    const sig = 'StmtSig000000022';
    const second = await counted(() => buyCall({ ...m.auth, 'x-sig': sig }, 22));
    expect(second.result.body.data).toMatchObject({ aid: 22, charged: expect.any(Number), already_owned: false });
    // Session, claim, BEGIN, wallet lock, the chapter with the rules, system accounts and lots, the write (which also
    // stores the claim's answer), COMMIT.
    expect(second.statements).toHaveLength(7);
    expect(second.statements.filter((s) => /^\s*(\/\*\w+\*\/\s*)?(insert|update|delete|with)/i.test(s))).toHaveLength(2);
    // The answer stored with the purchase is what a replay of the x-sig gets, and it charges nothing more.
    const balanceAfter = second.result.body.data.welth;
    const replay = await buyCall({ ...m.auth, 'x-sig': sig }, 22);
    expect(replay.body).toEqual(second.result.body);
    const next = await buyCall(m.auth, 23);
    expect(next.body.data.welth).toBe(balanceAfter - next.body.data.from_coins);
    const readBought = () =>
      callRoute(read, { url: '/v1/read/22?nid=1', params: { id: '22' }, headers: m.auth }) as Promise<{ status: number; body: Any }>;
    await readBought();
    const paidRead = await counted(readBought);
    expect(paidRead.result.body.data).toMatchObject({ access: 'unlocked', locked: false });
    expect(paidRead.result.body.data.paragraphs.length).toBeGreaterThan(0);
    // Under Jest the data cache is off, so the chapter's metadata and the novel are read too: 11 statements here; in
    // the server they come from the cache (the session, the 青少年模式 state, the entitlement, the text and the audio
    // fields' reads).
    expect(paidRead.statements.length).toBeLessThanOrEqual(11);
    expect(await auditLedger()).toEqual([]);
  });
});
