import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ticketLots, voucherLots, walletAccounts } from '../db/schema';
import { postMovement } from './ledger';
import { LEDGER_CURRENCIES, ensureMemberAccount } from './accounts';

/**
 * Moves everything one member holds into another (guest → phone account on binding): each balance by a
 * zero-sum ledger movement, voucher and ticket lots with their own expiry, fan values summed per novel
 * (docs/gifts-votes.md "Fan value and titles"). Runs inside the caller's transaction.
 */
export async function mergeWallets(
  tx: Tx,
  fromMemberId: number,
  toMemberId: number,
): Promise<{ welth: number; welth_coupon: number; ticket: number }> {
  const moved = { welth: 0, welth_coupon: 0, ticket: 0 };
  // Fixed lock order (lower member id first) so two merges can never deadlock.
  const [first, second] = fromMemberId < toMemberId ? [fromMemberId, toMemberId] : [toMemberId, fromMemberId];
  for (const currency of LEDGER_CURRENCIES) {
    const a = await ensureMemberAccount(tx, first, currency);
    const b = await ensureMemberAccount(tx, second, currency);
    await tx.execute(sql`select id from wallet_accounts where id in (${a}, ${b}) order by id for update`);
    const fromId = first === fromMemberId ? a : b;
    const toId = first === fromMemberId ? b : a;
    const [from] = await tx.select({ balance: walletAccounts.balance }).from(walletAccounts).where(eq(walletAccounts.id, fromId));
    const amount = from?.balance ?? 0;
    if (amount <= 0) continue;
    await postMovement(tx, {
      kind: 'merge',
      memberId: toMemberId,
      reference: `member:${fromMemberId}`,
      meta: { from_member_id: fromMemberId },
      legs: [
        { accountId: fromId, currency, amount: -amount },
        { accountId: toId, currency, amount },
      ],
    });
    moved[currency] = amount;
  }
  await tx
    .update(voucherLots)
    .set({ memberId: toMemberId })
    .where(and(eq(voucherLots.memberId, fromMemberId)));
  await tx.update(ticketLots).set({ memberId: toMemberId }).where(eq(ticketLots.memberId, fromMemberId));
  await tx.execute(sql`insert into fan_values (member_id, novel_id, coins, tickets, value, updated_at)
    select ${toMemberId}, novel_id, coins, tickets, value, updated_at from fan_values where member_id = ${fromMemberId}
    on conflict (member_id, novel_id) do update set coins = fan_values.coins + excluded.coins,
      tickets = fan_values.tickets + excluded.tickets, value = fan_values.value + excluded.value, updated_at = now()`);
  await tx.execute(sql`delete from fan_values where member_id = ${fromMemberId}`);
  // Coupons follow too, except a second copy of a grant the account already has (one per member and grant key).
  await tx.execute(sql`update member_coupons set member_id = ${toMemberId} where member_id = ${fromMemberId}
    and (grant_key is null or grant_key not in (select grant_key from member_coupons where member_id = ${toMemberId} and grant_key is not null))`);
  return moved;
}
