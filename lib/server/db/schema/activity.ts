import { date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar, boolean, text } from 'drizzle-orm/pg-core';
import { members } from './accounts';

/** One row per member per business day (Asia/Shanghai); streakDay runs 1..7 and restarts after a missed day. */
export const checkins = pgTable(
  'checkins',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    businessDay: date().notNull(),
    streakDay: smallint().notNull(),
    // 'welth' coins or 'welth_coupon' vouchers.
    rewardType: varchar({ length: 16 }).notNull(),
    amount: integer().notNull(),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkins_member_day_uq').on(t.memberId, t.businessDay)],
);

export const missions = pgTable(
  'missions',
  {
    id: serial().primaryKey(),
    actionId: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    // 'day' resets at 0:00, 'week' every 7×24 h.
    period: varchar({ length: 8 }).notNull(),
    target: integer().notNull().default(1),
    rewardType: varchar({ length: 16 }).notNull(),
    rewardAmount: integer().notNull(),
    sort: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('missions_action_uq').on(t.actionId)],
);

export const missionProgress = pgTable(
  'mission_progress',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    missionId: integer()
      .notNull()
      .references(() => missions.id),
    periodKey: varchar({ length: 16 }).notNull(),
    progress: integer().notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
    bonusClaimedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('mission_progress_uq').on(t.memberId, t.missionId, t.periodKey)],
);

export const prizes = pgTable('prizes', {
  id: serial().primaryKey(),
  name: varchar({ length: 32 }).notNull(),
  // 'welth' | 'welth_coupon' | 'vip_days'
  rewardType: varchar({ length: 16 }).notNull(),
  reward: integer().notNull(),
  weight: integer().notNull(),
  image: text(),
});

export const prizeRecords = pgTable(
  'prize_records',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    prizeId: integer()
      .notNull()
      .references(() => prizes.id),
    rewardType: varchar({ length: 16 }).notNull(),
    reward: integer().notNull(),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prize_records_member_idx').on(t.memberId, t.createdAt)],
);

export const lotteryChances = pgTable(
  'lottery_chances',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    source: varchar({ length: 32 }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lottery_chances_member_idx').on(t.memberId)],
);
