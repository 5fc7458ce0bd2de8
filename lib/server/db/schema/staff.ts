import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core';

/**
 * Staff accounts of the console (/admin, docs/console.md): not reader accounts. role: 'admin' | 'moderator' |
 * 'editor' | 'finance'. passwordHash is a scrypt hash with its parameters and salt (lib/server/staff/password.ts).
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial().primaryKey(),
    username: varchar({ length: 32 }).notNull(),
    displayName: varchar({ length: 32 }).notNull(),
    passwordHash: varchar({ length: 255 }).notNull(),
    role: varchar({ length: 16 }).notNull(),
    disabled: boolean().notNull().default(false),
    failedLogins: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Second factor (docs/console.md "Second factor"): the TOTP secret sealed with the app secret (lib/server/staff/totp.ts);
    // null while off. `totpPendingSecret` is an enrolment not yet confirmed with a code; `totpLastStep` the
    // 30-second step of the last accepted code, so a code cannot be used twice.
    totpSecret: varchar({ length: 255 }),
    totpPendingSecret: varchar({ length: 255 }),
    totpLastStep: integer(),
    totpEnabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_users_username_uq').on(t.username)],
);

/** A password accepted for an account with a second factor: the code is still owed (digest of the cookie's token). */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    tokenHash: varchar({ length: 64 }).primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('staff_login_challenges_staff_idx').on(t.staffId)],
);

/** Console sessions: only a digest of the cookie's token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: varchar({ length: 64 }).primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every staff action, written in the same transaction as the change it records. */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial().primaryKey(),
    staffId: integer().references(() => staffUsers.id),
    action: varchar({ length: 48 }).notNull(),
    targetType: varchar({ length: 24 }),
    targetId: integer(),
    detail: jsonb().$type<Record<string, unknown>>(),
    ip: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_audit_created_idx').on(t.createdAt), index('staff_audit_staff_idx').on(t.staffId, t.createdAt)],
);
