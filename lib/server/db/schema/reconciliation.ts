import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff';

/**
 * One provider's bill of one business day compared with our paid and refunded orders (docs/reconciliation.md).
 * One row per (provider, day): a failed run is retried until it is done, a done day is not run again.
 */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: serial().primaryKey(),
    provider: varchar({ length: 32 }).notNull(),
    // YYYY-MM-DD, Asia/Shanghai.
    day: varchar({ length: 10 }).notNull(),
    // 'done' | 'failed'
    status: varchar({ length: 16 }).notNull(),
    billLines: integer().notNull().default(0),
    ourRecords: integer().notNull().default(0),
    differences: integer().notNull().default(0),
    // Why the last run failed (never a key or a response body).
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_reconciliations_day_uq').on(t.provider, t.day)],
);

/** One difference: a payment or refund only on one side, or on both with another amount. Open until staff resolve it. */
export const paymentReconciliationLines = pgTable(
  'payment_reconciliation_lines',
  {
    id: serial().primaryKey(),
    reconciliationId: integer()
      .notNull()
      .references(() => paymentReconciliations.id),
    provider: varchar({ length: 32 }).notNull(),
    day: varchar({ length: 10 }).notNull(),
    // Not a reference: a line missing on our side may name an order we do not have.
    orderId: integer().notNull(),
    // 'paid' | 'refund'
    kind: varchar({ length: 8 }).notNull(),
    // 'missing_ours' | 'missing_theirs' | 'amount_differs'
    issue: varchar({ length: 16 }).notNull(),
    ourAmount: integer(),
    theirAmount: integer(),
    tradeNo: varchar({ length: 96 }),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => staffUsers.id),
    resolutionNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_reconciliation_lines_uq').on(t.reconciliationId, t.orderId, t.kind),
    index('payment_reconciliation_lines_open_idx').on(t.resolvedAt, t.id),
  ],
);
