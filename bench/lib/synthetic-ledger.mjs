// Grows a ledger by set-based SQL for the audit benchmark: synthetic members shaped like real ones — a paid
// order and its recharge, a voucher grant with its lot, 48 chapter purchases (the first 4 from the lot, the rest
// from coins, which land on novel 2's revenue account and fan value: docs/wallet.md "Revenue by novel") with their
// unlocks — 100 entries a member, every invariant auditLedger checks kept. Writing it through
// the HTTP API would take an hour at purchase speed; this takes seconds.
const ENTRIES_PER_MEMBER = 100;
const PURCHASES = 48;
const FROM_VOUCHERS = 4;
const PRICE = 5;
const RECHARGE = 1000;
const GRANT = 100;
// Novel 2's paid chapters start at 231 and all cost 5 coins in the demo catalogue.
const FIRST_CHAPTER = 231;

/** Adds about `entries` ledger entries in one transaction on `db` (a pg client); returns the members added. */
export async function growLedger(db, entries, batch) {
  const members = Math.ceil(entries / ENTRIES_PER_MEMBER);
  const tag = `synthetic-${batch}-`;
  const q = (text, params) => db.query(text, params);
  await q('begin');
  try {
    await q(`insert into members (nickname) select $1 || g from generate_series(1, $2) g`, [tag, members]);
    await q(`create temp table syn on commit drop as select id from members where nickname like $1 || '%'`, [tag]);
    await q(
      `insert into wallet_accounts (member_id, currency, balance)
      select id, c, case c when 'welth' then $1::bigint else $2::bigint end from syn, (values ('welth'), ('welth_coupon')) v(c)`,
      [RECHARGE - (PURCHASES - FROM_VOUCHERS) * PRICE, GRANT - FROM_VOUCHERS * PRICE],
    );
    await q(`create temp table syn_acc on commit drop as select member_id,
      max(id) filter (where currency = 'welth') as coin, max(id) filter (where currency = 'welth_coupon') as voucher
      from wallet_accounts where member_id in (select id from syn) group by member_id`);
    await q(
      `insert into wallet_accounts (system_name, currency) values ('recharge', 'welth'), ('bonus', 'welth_coupon'), ('revenue:novel:2', 'welth'), ('spend', 'welth_coupon') on conflict do nothing`,
    );
    const sys = async (name, currency) =>
      (await q('select id from wallet_accounts where system_name = $1 and currency = $2', [name, currency])).rows[0].id;
    const [recharge, bonus, spendCoins, spendVouchers] = [
      await sys('recharge', 'welth'),
      await sys('bonus', 'welth_coupon'),
      await sys('revenue:novel:2', 'welth'),
      await sys('spend', 'welth_coupon'),
    ];
    const pid = (await q(`select id from products where name = '600书币'`)).rows[0].id;

    // A paid order and its one recharge movement.
    await q(
      `insert into orders (member_id, product_id, status, price, provider, expires_at, paid_at) select id, $1, 'paid', 600, 'sandbox', now(), now() from syn`,
      [pid],
    );
    await q(`insert into ledger_transactions (kind, member_id, idempotency_key, reference)
      select 'recharge', o.member_id, 'order:' || o.id, 'order:' || o.id from orders o where o.member_id in (select id from syn)`);
    await q(
      `insert into ledger_entries (tx_id, account_id, currency, amount)
      select t.id, x.account, 'welth', x.amount from ledger_transactions t join syn_acc a on a.member_id = t.member_id
      cross join lateral (values (a.coin, $1::bigint), ($2::int, -$1::bigint)) x(account, amount)
      where t.kind = 'recharge' and t.member_id in (select id from syn)`,
      [RECHARGE, recharge],
    );

    // A voucher grant and the lot it made, less what the first purchases took from it.
    await q(`insert into ledger_transactions (kind, member_id, idempotency_key) select 'synthetic_grant', id, 'grant:' || id from syn`);
    await q(
      `insert into ledger_entries (tx_id, account_id, currency, amount)
      select t.id, x.account, 'welth_coupon', x.amount from ledger_transactions t join syn_acc a on a.member_id = t.member_id
      cross join lateral (values (a.voucher, $1::bigint), ($2::int, -$1::bigint)) x(account, amount)
      where t.kind = 'synthetic_grant' and t.member_id in (select id from syn)`,
      [GRANT, bonus],
    );
    await q(
      `insert into voucher_lots (member_id, amount, remaining, expires_at, tx_id)
      select t.member_id, $1, $2, now() + interval '7 days', t.id from ledger_transactions t where t.kind = 'synthetic_grant' and t.member_id in (select id from syn)`,
      [GRANT, GRANT - FROM_VOUCHERS * PRICE],
    );

    // Purchases: one movement and one unlock per chapter.
    await q(
      `insert into ledger_transactions (kind, member_id, idempotency_key, reference, meta)
      select 'chapter_purchase', s.id, s.id || ':' || ($1::int + k) || ':synthetic', 'chapter:' || ($1::int + k), '{"novel_id": 2}'::jsonb
      from syn s, generate_series(0, $2::int - 1) k`,
      [FIRST_CHAPTER, PURCHASES],
    );
    await q(`create temp table syn_buy on commit drop as
      select t.id, t.member_id, substring(t.reference from 9)::int as chapter, a.coin, a.voucher, l.id as lot
      from ledger_transactions t join syn_acc a on a.member_id = t.member_id join voucher_lots l on l.member_id = t.member_id
      where t.kind = 'chapter_purchase' and t.member_id in (select id from syn)`);
    await q(
      `insert into ledger_entries (tx_id, account_id, currency, amount, lot_id)
      select b.id, x.account, x.currency, x.amount, x.lot from syn_buy b cross join lateral (
        select * from (values
          (b.voucher, 'welth_coupon', -$1::bigint, b.lot), ($3::int, 'welth_coupon', $1::bigint, b.lot)) v(account, currency, amount, lot) where b.chapter < $2::int + $4::int
        union all
        select * from (values (b.coin, 'welth', -$1::bigint, null::int), ($5::int, 'welth', $1::bigint, null::int)) v(account, currency, amount, lot) where b.chapter >= $2::int + $4::int
      ) x`,
      [PRICE, FIRST_CHAPTER, spendVouchers, FROM_VOUCHERS, spendCoins],
    );
    await q(
      `insert into chapter_unlocks (member_id, chapter_id, novel_id, price, tx_id) select member_id, chapter, 2, $1, id from syn_buy`,
      [PRICE],
    );
    await q(`insert into fan_values (member_id, novel_id, coins, value) select id, 2, $1, $1 from syn`, [
      (PURCHASES - FROM_VOUCHERS) * PRICE,
    ]);

    // System accounts carry the other side of everything above.
    await q(
      `update wallet_accounts w set balance = s.total from (select account_id, sum(amount) as total from ledger_entries where account_id = any($1) group by account_id) s
      where s.account_id = w.id`,
      [[recharge, bonus, spendCoins, spendVouchers]],
    );
    await q('commit');
  } catch (err) {
    await q('rollback');
    throw err;
  }
  await q('analyze members, wallet_accounts, orders, ledger_transactions, ledger_entries, voucher_lots, chapter_unlocks, fan_values');
  return members;
}

export async function ledgerSize(db) {
  const { rows } =
    await db.query(`select (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_transactions)::int as transactions,
    (select count(*) from wallet_accounts)::int as accounts, (select count(*) from chapter_unlocks)::int as unlocks, (select count(*) from voucher_lots)::int as lots`);
  return rows[0];
}
