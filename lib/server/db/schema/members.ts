// Schema files carry no `server-only` fence: drizzle-kit loads them outside Next to generate migrations.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { staffUsers } from './staff';

/**
 * Staff blocks of members, history kept (docs/members.md "Blocks"): who blocked, why, until when (null: permanent),
 * and who lifted it when. One appeal per block lives on the row itself (appeal_* columns), so "once per block" is
 * the conditional update that fills them.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    reason: varchar({ length: 200 }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    createdBy: integer()
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp({ withTimezone: true }),
    liftedBy: integer().references(() => staffUsers.id),
    liftNote: varchar({ length: 200 }),
    appealText: varchar({ length: 500 }),
    appealedAt: timestamp({ withTimezone: true }),
    // null (no appeal) | 'pending' | 'rejected' | 'accepted' (the block was lifted on appeal)
    appealStatus: varchar({ length: 16 }),
    appealReply: varchar({ length: 200 }),
    appealHandledBy: integer().references(() => staffUsers.id),
    appealHandledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('member_blocks_member_idx').on(t.memberId, t.createdAt),
    index('member_blocks_appeal_idx')
      .on(t.appealedAt)
      .where(sql`${t.appealStatus} = 'pending'`),
    check('member_blocks_appeal_status_ck', sql`${t.appealStatus} is null or ${t.appealStatus} in ('pending', 'rejected', 'accepted')`),
  ],
);

/**
 * Whether a member follows the official account (docs/members.md "Follow state"): seen in the messaging app's user
 * info (`subscribe`, source 'app') or set by staff in the console (source 'staff', updatedBy the staff id).
 */
export const memberFollows = pgTable('member_follows', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  followed: boolean().notNull(),
  source: varchar({ length: 16 }).notNull(),
  updatedBy: integer().references(() => staffUsers.id),
  checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
