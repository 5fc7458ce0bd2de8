import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mergeWallets } from '../wallet/merge-wallets';
import { revokeAllSessions } from './sessions';
import { mergeMinorsAndConsents } from './merge-minors';

// History rows that simply change owner.
const REASSIGN = [
  'vip_periods',
  'member_coupons',
  'orders',
  'tips',
  'votes',
  'comments',
  'reports',
  'prize_records',
  'lottery_chances',
  'guardian_consents',
  'ledger_transactions',
  'oauth_identities',
] as const;

// Rows unique per member and something else: the target's own row wins, the guest's duplicate goes.
const KEEP_TARGET: Array<{ table: string; key: string }> = [
  { table: 'chapter_unlocks', key: 'chapter_id' },
  { table: 'book_entitlements', key: 'novel_id' },
  { table: 'auto_buy_settings', key: 'novel_id' },
  { table: 'comment_actions', key: 'comment_id, action' },
  { table: 'checkins', key: 'business_day' },
  { table: 'mission_progress', key: 'mission_id, period_key' },
];

/**
 * Folds one member into another (a guest binding a phone that already has an account): shelf, history,
 * purchases, records and money all move, nothing is lost and nothing is counted twice. One transaction.
 */
export async function mergeMembers(tx: Tx, fromId: number, toId: number): Promise<void> {
  // Shelf: one entry per novel and kind; keep the most recent activity.
  await tx.execute(sql`
    insert into favorites (member_id, novel_id, read_type, created_at, updated_at)
    select ${toId}, novel_id, read_type, created_at, updated_at from favorites where member_id = ${fromId}
    on conflict (member_id, novel_id, read_type) do update
      set updated_at = greatest(favorites.updated_at, excluded.updated_at), created_at = least(favorites.created_at, excluded.created_at)`);
  await tx.execute(sql`delete from favorites where member_id = ${fromId}`);

  // History: one position per novel and kind; the newest wins.
  await tx.execute(sql`
    insert into read_logs (member_id, novel_id, article_id, read_type, paragraph_idx, time_track, seen_article_count, read_at)
    select ${toId}, novel_id, article_id, read_type, paragraph_idx, time_track, seen_article_count, read_at from read_logs where member_id = ${fromId}
    on conflict (member_id, novel_id, read_type) do update
      set article_id = excluded.article_id, paragraph_idx = excluded.paragraph_idx, time_track = excluded.time_track,
          seen_article_count = excluded.seen_article_count, read_at = excluded.read_at
      where excluded.read_at > read_logs.read_at`);
  await tx.execute(sql`delete from read_logs where member_id = ${fromId}`);

  for (const { table, key } of KEEP_TARGET) {
    await tx.execute(
      sql.raw(`
      update ${table} g set member_id = ${toId} where g.member_id = ${fromId}
        and not exists (select 1 from ${table} t where t.member_id = ${toId} and (${key
          .split(', ')
          .map((k) => `t.${k} = g.${k}`)
          .join(' and ')}))`),
    );
    await tx.execute(sql.raw(`delete from ${table} where member_id = ${fromId}`));
  }
  // The free gift is once a day per member (tips.free_day unique): when both sent one the same day, the guest's
  // tip stays in the history but no longer holds the day (docs/gifts-votes.md "Gifts and tips").
  await tx.execute(sql`update tips set free_day = null where member_id = ${fromId}
    and free_day in (select free_day from tips where member_id = ${toId} and free_day is not null)`);
  for (const table of REASSIGN) {
    await tx.execute(sql.raw(`update ${table} set member_id = ${toId} where member_id = ${fromId}`));
  }
  await mergeWallets(tx, fromId, toId);
  await mergeMinorsAndConsents(tx, fromId, toId);
  await revokeAllSessions(tx, fromId);
  await tx.execute(sql`update members set merged_into_id = ${toId}, updated_at = now() where id = ${fromId}`);
}
