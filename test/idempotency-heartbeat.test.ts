// The x-sig claim's heartbeat (docs/api.md "x-sig", issue 38): a live server renews the claims of the requests it
// runs, so a duplicate answers 40900 however long the first one takes; once the server is gone, its claims go stale
// and the client's retry takes one over within IDEMPOTENCY_LEASE_SECONDS (9) — not the 60 s a fixed lease cost —
// and runs the action exactly once. Fake time: the beat's timer and the clocks move only when the test says so.
import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { idempotencyKeys } from '@/lib/server/db/schema';
import { claimIdempotencyKey, completeIdempotencyKey, type Claim } from '@/lib/server/http/idempotency';
import { beatRunning, dropClaim, heartbeatMs, heldClaims } from '@/lib/server/http/claim-heartbeat';

const db = useTestDatabase();
const ROUTE = 'POST /v1/novels/2/buy';
const START = new Date('2026-11-28T12:00:00Z');

beforeAll(() => {
  // Real I/O still runs (the database answers on its own); only the clocks and the beat's interval are faked.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'], now: START });
});
afterAll(() => jest.useRealTimers());

const renewedAt = async (id: number) =>
  (await db.handle().db.select({ at: idempotencyKeys.renewedAt }).from(idempotencyKeys).where(eq(idempotencyKeys.id, id)))[0]?.at;

/** Lets the beat's UPDATE, started by the faked interval, reach the database. */
async function beatLanded(id: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if ((await renewedAt(id))?.getTime() === Date.now()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`claim ${id} was not renewed at ${new Date().toISOString()}`);
}

describe('x-sig claims: heartbeat and takeover', () => {
  it('a live claim stays in progress past the lease; after its server dies the retry takes over within 10 s and runs once', async () => {
    expect(heartbeatMs()).toBe(3000);
    let runs = 0;
    const attempt = async (sig: string): Promise<Claim> => {
      const claim = await claimIdempotencyKey('m:7', ROUTE, sig);
      if (claim.kind === 'fresh') runs++;
      return claim;
    };
    const first = await attempt('HeartbeatSig0001');
    expect(first.kind).toBe('fresh');
    const id = (first as { id: number }).id;
    expect(heldClaims()).toEqual([id]);
    expect(beatRunning()).toBe(true);

    // The request runs for 40 s (a slow import, a long lock wait): every duplicate meanwhile answers 40900.
    for (let beat = 0; beat < 12; beat++) {
      await jest.advanceTimersByTimeAsync(heartbeatMs());
      await beatLanded(id);
      expect((await attempt('HeartbeatSig0001')).kind).toBe('in_progress');
    }
    expect(Date.now() - START.getTime()).toBeGreaterThan(10_000 * 3);

    // The server is killed: nothing renews the claim any more (no answer, no release).
    dropClaim(id);
    expect(beatRunning()).toBe(false);
    await jest.advanceTimersByTimeAsync(8_000);
    expect((await attempt('HeartbeatSig0001')).kind).toBe('in_progress');
    await jest.advanceTimersByTimeAsync(1_500);
    const takeover = await attempt('HeartbeatSig0001');
    expect(takeover.kind).toBe('fresh');
    expect(runs).toBe(2);

    // The retry's answer is what every later retry gets; the action never runs a third time.
    await completeIdempotencyKey((takeover as { id: number }).id, 200, { code: 0, message: '', data: { charged: 5 } });
    expect(await attempt('HeartbeatSig0001')).toEqual({
      kind: 'replay',
      status: 200,
      body: { code: 0, message: '', data: { charged: 5 } },
    });
    await jest.advanceTimersByTimeAsync(60_000);
    expect((await attempt('HeartbeatSig0001')).kind).toBe('replay');
    expect(runs).toBe(2);
  });

  it('one beat renews every claim in flight, and the beat stops when the last request answers', async () => {
    const claims = await Promise.all(
      ['Sig0000000000001', 'Sig0000000000002', 'Sig0000000000003'].map((s) => claimIdempotencyKey('m:8', ROUTE, s)),
    );
    const ids = claims.map((c) => (c as { id: number }).id);
    expect(beatRunning()).toBe(true);
    await jest.advanceTimersByTimeAsync(heartbeatMs());
    for (const id of ids) await beatLanded(id);
    for (const id of ids) await completeIdempotencyKey(id, 200, { code: 0 });
    expect(heldClaims()).toEqual([]);
    expect(beatRunning()).toBe(false);
    // An answered claim is never taken over, however old.
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect((await claimIdempotencyKey('m:8', ROUTE, 'Sig0000000000001')).kind).toBe('replay');
  });

  it("another actor's claim with the same x-sig is its own; a stale claim renewed just before the takeover stays", async () => {
    const mine = await claimIdempotencyKey('m:9', ROUTE, 'SharedSig0000001');
    expect((await claimIdempotencyKey('m:10', ROUTE, 'SharedSig0000001')).kind).toBe('fresh');
    const id = (mine as { id: number }).id;
    dropClaim(id);
    await jest.advanceTimersByTimeAsync(11_000);
    // Its server came back to life and renewed it just now (a long pause, not a death): the retry waits.
    await db.handle().db.update(idempotencyKeys).set({ renewedAt: new Date() }).where(eq(idempotencyKeys.id, id));
    expect((await claimIdempotencyKey('m:9', ROUTE, 'SharedSig0000001')).kind).toBe('in_progress');
    for (const c of heldClaims()) dropClaim(c);
  });
});
