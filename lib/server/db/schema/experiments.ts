import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export interface ExperimentVariant {
  key: string;
  label: string;
  /** Share of the 10,000 buckets; a running experiment's weights sum to 10,000. */
  weight: number;
}

/** A/B experiments (docs/experiments.md). */
export const experiments = pgTable(
  'experiments',
  {
    id: serial().primaryKey(),
    key: varchar({ length: 48 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    // 'running' | 'stopped'
    status: varchar({ length: 8 }).notNull().default('stopped'),
    variants: jsonb().$type<ExperimentVariant[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('experiments_key_uq').on(t.key), check('experiments_status_ck', sql`${t.status} in ('running', 'stopped')`)],
);

/** The first exposure of a subject ('m:<member id>' or 'v:<tracking id>'), with the variant it was given then. */
export const experimentExposures = pgTable(
  'experiment_exposures',
  {
    id: serial().primaryKey(),
    experimentId: integer()
      .notNull()
      .references(() => experiments.id),
    subject: varchar({ length: 80 }).notNull(),
    variant: varchar({ length: 24 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('experiment_exposures_subject_uq').on(t.experimentId, t.subject),
    index('experiment_exposures_variant_idx').on(t.experimentId, t.variant),
  ],
);

/** One conversion per exposed subject, counted for the variant it was exposed to. */
export const experimentConversions = pgTable(
  'experiment_conversions',
  {
    id: serial().primaryKey(),
    experimentId: integer()
      .notNull()
      .references(() => experiments.id),
    subject: varchar({ length: 80 }).notNull(),
    variant: varchar({ length: 24 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('experiment_conversions_subject_uq').on(t.experimentId, t.subject)],
);
