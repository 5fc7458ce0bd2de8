import { boolean, date, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

/**
 * 青少年模式 per member (docs/minors-mode.md "State"): switched on by the member with a 4-digit password, or on by age
 * alone for a declared minor (then no row is needed until the first heartbeat). The password is an HMAC, never the
 * digits; wrong guesses lock it for a while. `lastBeatAt` is the member's last counted moment of reading or listening
 * on any device: every heartbeat adds at most the real time since it.
 */
export const minorsModes = pgTable('minors_modes', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  on: boolean().notNull().default(false),
  pinHash: varchar({ length: 64 }),
  // The member's own daily limit in minutes, never above the console's (null: the console's).
  dailyMinutes: smallint(),
  // Wrong password guesses on `failDay` (a business day) and the lock they earned.
  failDay: date(),
  failCount: smallint().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  lastBeatAt: timestamp({ withTimezone: true }),
  turnedOnAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Seconds of reading and listening together per member per business day, as the server counted them. */
export const minorsUsageDays = pgTable(
  'minors_usage_days',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id),
    day: date().notNull(),
    seconds: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);
