// Schema files carry no `server-only` fence: drizzle-kit loads them outside Next to generate migrations.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

/** Raw bytes (a data export's ZIP): Buffer in, Buffer or Uint8Array out depending on the driver. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A member's request to cancel the account (docs/account-cancellation.md "Cooling-off"): pending for 15 days, then
 * completed by the job, or withdrawn by signing in again. One pending request per member at most.
 */
export const accountCancellations = pgTable(
  'account_cancellations',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    // 'pending' | 'withdrawn' | 'completed'
    status: varchar({ length: 16 }).notNull().default('pending'),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    withdrawnAt: timestamp({ withTimezone: true }),
    // How it was withdrawn: 'sms' | 'oauth:<provider>' (the sign-in that brought the member back).
    withdrawnVia: varchar({ length: 32 }),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_cancellations_pending_uq')
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    index('account_cancellations_due_idx').on(t.status, t.dueAt),
  ],
);

/**
 * A copy of a member's data (docs/account-cancellation.md "Data export"): made by the job, downloadable once through a
 * short-lived signed link, its file dropped 7 days after it was made or once downloaded.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    // 'pending' | 'ready' | 'downloaded' | 'expired' | 'failed'
    status: varchar({ length: 16 }).notNull().default('pending'),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    downloadedAt: timestamp({ withTimezone: true }),
    file: bytea(),
    bytes: integer(),
  },
  (t) => [index('data_exports_member_idx').on(t.memberId, t.requestedAt), index('data_exports_status_idx').on(t.status)],
);
