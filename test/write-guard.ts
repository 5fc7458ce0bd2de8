import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';

// Every row money, purchases and orders are made of; idempotency_keys is left out on purpose (a refused request
// with an x-sig stores its 4xx answer so a replay gets the same one).
const TABLES = [
  'ledger_transactions',
  'ledger_entries',
  'wallet_accounts',
  'voucher_lots',
  'chapter_unlocks',
  'book_entitlements',
  'orders',
  'payment_notifications',
  'vip_periods',
];

/** Row counts, balances and order states: equal before and after means nothing was written. */
export async function writeSnapshot(db: Db): Promise<Record<string, unknown>> {
  const { rows } = await db.execute(
    sql.raw(`select ${TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')},
    (select coalesce(string_agg(id || ':' || balance, ',' order by id), '') from wallet_accounts) as balances,
    (select coalesce(string_agg(id || ':' || status, ',' order by id), '') from orders) as order_states,
    (select coalesce(string_agg(id || ':' || remaining, ',' order by id), '') from voucher_lots) as lots`),
  );
  return rows[0] as Record<string, unknown>;
}

/** Runs the calls and asserts they changed nothing the wallet is made of. */
export async function expectNothingWritten(db: Db, calls: () => Promise<unknown>): Promise<void> {
  const before = await writeSnapshot(db);
  await calls();
  expect(await writeSnapshot(db)).toEqual(before);
}

const HAN = /[\u4e00-\u9fff]/;

/** A refusal the client can show: the expected 4xx, a non-zero code and a Chinese message. */
export function expectRefused(
  res: { status: number; body: { code?: number; message?: string } },
  status: number,
  label: unknown = '',
): void {
  if (res.status !== status || !res.body.code || !HAN.test(res.body.message ?? '')) {
    throw new Error(
      `expected ${status} with a Chinese message for ${JSON.stringify(label)}, got ${res.status} ${JSON.stringify(res.body)}`,
    );
  }
}

/** Ids that are not ids: signs, fractions, exponents, beyond PostgreSQL's integer and JavaScript's safe range, other scripts' digits. */
export const BAD_IDS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e20',
  '9007199254740992',
  '9007199254740993',
  '2147483648',
  '99999999999',
  'abc',
  '',
  ' ',
  '0x10',
  '21abc',
  '２１',
  '٢١',
  'NaN',
  'Infinity',
  '%00',
];
