import { count, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import type { Tx } from '@/lib/server/db/client';
import { walletAccounts } from '@/lib/server/db/schema';
import { builtOnce } from '@/lib/server/db/built-once';

const db = useTestDatabase();
class Rollback extends Error {}

let builds = 0;
const accountsOf = (tx: Tx, memberId: number) =>
  builtOnce(tx, 'test_accounts_of', (t) => {
    builds += 1;
    return t
      .select({ n: count() })
      .from(walletAccounts)
      .where(eq(walletAccounts.memberId, sql.placeholder('memberId')))
      .prepare('test_accounts_of');
  }).execute({ memberId });

/** Runs `fn` in a transaction that is rolled back, and answers what `fn` answered. */
async function inRolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await db
    .handle()
    .db.transaction(async (tx) => {
      out = await fn(tx as unknown as Tx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out as T;
}

describe('builtOnce', () => {
  it("is built once and runs on each transaction's own connection, seeing that transaction's uncommitted rows", async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    const seen = await Promise.all(
      [a.id, b.id].map((memberId, i) =>
        inRolledBack(async (tx) => {
          // Only the first transaction writes: the other, at the same time, must not see its rows.
          if (i === 0) await tx.insert(walletAccounts).values({ memberId, currency: 'welth' }).onConflictDoNothing();
          return (await accountsOf(tx, memberId))[0]!.n;
        }),
      ),
    );
    expect(seen).toEqual([1, 0]);
    // Rolled back: outside, the first member has no account either.
    expect(await inRolledBack(async (tx) => (await accountsOf(tx, a.id))[0]!.n)).toBe(0);
    expect(builds).toBe(1);
  });

  // Two transactions open at once on PostgreSQL (PGlite has one connection): each setting is its own connection's.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'runs in the transaction that asks, while another one that used it is still open',
    async () => {
      const setting = (tx: Tx) =>
        builtOnce(tx, 'test_setting', (t) =>
          t
            .select({ v: sql<string>`current_setting('shusheng.test', true)` })
            .from(sql`(select 1) one`)
            .prepare('test_setting'),
        ).execute();
      const mark = (tx: Tx, v: string) => tx.execute(sql.raw(`set local shusheng.test = '${v}'`));
      const seen = await inRolledBack(async (a) => {
        await mark(a, 'a');
        const first = (await setting(a))[0]!.v;
        const other = await inRolledBack(async (b) => {
          await mark(b, 'b');
          return (await setting(b))[0]!.v;
        });
        return [first, other, (await setting(a))[0]!.v];
      });
      expect(seen).toEqual(['a', 'b', 'a']);
    },
  );
});
