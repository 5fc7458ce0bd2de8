import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  boolean,
  text,
} from 'drizzle-orm/pg-core';
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
    // The mission's own code, sent back by missionComplete / missionBonus.
    actionId: varchar({ length: 32 }).notNull(),
    // What it counts: a MissionAction of lib/shared/activity.ts (docs/activity.md "Missions").
    action: varchar({ length: 16 }).notNull().default('share'),
    name: varchar({ length: 64 }).notNull(),
    // 'day' resets at 0:00, 'week' every 7×24 h.
    period: varchar({ length: 8 }).notNull(),
    target: integer().notNull().default(1),
    // A RewardType of lib/shared/activity.ts.
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

/** The prize wheel's prizes (docs/activity-wheel.md "Prize wheel"): staff set weights, daily stock and value. */
export const prizes = pgTable('prizes', {
  id: serial().primaryKey(),
  name: varchar({ length: 32 }).notNull(),
  // 'welth' | 'welth_coupon' | 'ticket' | 'vip_days' | 'none' (谢谢参与)
  rewardType: varchar({ length: 16 }).notNull(),
  reward: integer().notNull(),
  weight: integer().notNull(),
  image: text(),
  // Most draws of this prize per business day; null = no limit.
  dailyStock: integer(),
  // What one draw of it costs the platform in coin units, counted against the daily budget.
  cost: integer().notNull().default(0),
  // The prize a draw falls back to when the drawn one is out of stock or over budget (one, cost 0, no stock).
  fallback: boolean().notNull().default(false),
  active: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
});

/** Draws of a prize per business day, checked against its daily stock in the same statement that counts one. */
export const prizeDays = pgTable(
  'prize_days',
  {
    prizeId: integer()
      .notNull()
      .references(() => prizes.id),
    day: date().notNull(),
    drawn: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prizeId, t.day] })],
);

/** What the wheel has given away per business day, in coin units, against the daily budget. */
export const lotteryDays = pgTable('lottery_days', {
  day: date().primaryKey(),
  spent: integer().notNull().default(0),
  draws: integer().notNull().default(0),
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
    // The prize's name, type and amount when drawn: staff may edit the prize later.
    name: varchar({ length: 32 }).notNull().default(''),
    rewardType: varchar({ length: 16 }).notNull(),
    reward: integer().notNull(),
    // The chance this draw spent: one draw per chance, however many race.
    chanceId: integer(),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prize_records_member_idx').on(t.memberId, t.createdAt), uniqueIndex('prize_records_chance_uq').on(t.chanceId)],
);

export const lotteryChances = pgTable(
  'lottery_chances',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    source: varchar({ length: 32 }).notNull(),
    // Why it was granted ('checkin:2026-11-24', 'mission:…'): one chance per member and key.
    grantKey: varchar({ length: 64 }),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lottery_chances_member_idx').on(t.memberId), uniqueIndex('lottery_chances_grant_uq').on(t.memberId, t.grantKey)],
);

/**
 * Seconds a member spent reading and listening per business day, counted by the server from the position reports
 * the reader and the player send (docs/activity.md "What the server counts"): missions and surprises read these.
 */
export const activityDays = pgTable(
  'activity_days',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id),
    day: date().notNull(),
    readSeconds: integer().notNull().default(0),
    listenSeconds: integer().notNull().default(0),
    // Reading between 22:00 and 05:00 Asia/Shanghai (the night-owl surprise).
    nightReadSeconds: integer().notNull().default(0),
    lastReadAt: timestamp({ withTimezone: true }),
    lastListenAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);

/** One-time surprise rewards: each key pays once per member. */
export const surpriseClaims = pgTable(
  'surprise_claims',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    key: varchar({ length: 32 }).notNull(),
    environment: varchar({ length: 32 }),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('surprise_claims_member_key_uq').on(t.memberId, t.key)],
);
