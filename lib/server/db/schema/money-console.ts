import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orders } from './wallet';
import { staffUsers } from './staff';

/**
 * A staff refund of a paid order (docs/wallet.md "Refunds"). One per order — the unique index is what makes a
 * double click or two racing requests refund once. `reversed` is what the ledger movement took back.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    memberId: integer().notNull(),
    staffId: integer().references(() => staffUsers.id),
    // Cents returned to the payer (the order's price: refunds are whole).
    amount: integer().notNull(),
    reason: text().notNull(),
    // True when policy made the product non-refundable (recharge, VIP) and staff overrode it.
    override: boolean().notNull().default(false),
    reversed: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    txId: integer(),
    providerRefundRef: varchar({ length: 96 }),
    // What the provider says became of the money (docs/payments.md "Refund outcomes"): 'pending' | 'settled' |
    // 'failed'; null for the sandbox, which holds no money. Set by the refund's answer, its notification or a query.
    providerRefundStatus: varchar({ length: 16 }),
    providerRefundAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_refunds_order_uq').on(t.orderId),
    index('order_refunds_member_idx').on(t.memberId),
    index('order_refunds_provider_ref_idx').on(t.providerRefundRef),
  ],
);

/** Results of the whole-ledger audit: the scheduled run and staff runs from the console (docs/wallet.md "Ledger audit"). */
export const ledgerAuditRuns = pgTable(
  'ledger_audit_runs',
  {
    id: serial().primaryKey(),
    // 'scheduled' | 'staff'
    trigger: varchar({ length: 16 }).notNull(),
    staffId: integer(),
    violations: integer().notNull(),
    // The first violations found (capped per check), for the console to show.
    sample: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    durationMs: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_audit_runs_created_idx').on(t.createdAt)],
);
