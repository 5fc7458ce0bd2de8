// Schema files carry no `server-only` fence: drizzle-kit loads them outside Next to generate migrations.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { staffUsers } from './staff';

/**
 * The 用户协议 and 隐私政策, every version kept (docs/agreements.md "Documents and versions"): a new version is a new
 * row, numbered on from the last of its kind; the current one is the newest whose effective time has come.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: serial().primaryKey(),
    // 'user' (用户协议) | 'privacy' (隐私政策)
    kind: varchar({ length: 16 }).notNull(),
    version: integer().notNull(),
    title: varchar({ length: 100 }).notNull(),
    body: text().notNull(),
    effectiveAt: timestamp({ withTimezone: true }).notNull(),
    // null: the template the repository ships (seeded), which the operator must review.
    createdBy: integer().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreements_kind_version_idx').on(t.kind, t.version),
    check('agreements_kind_check', sql`${t.kind} in ('user', 'privacy')`),
    check('agreements_version_check', sql`${t.version} > 0`),
  ],
);

/**
 * One row per member, document and version agreed (docs/agreements.md "Consent records"): when and through which
 * door (sms, guest, oauth, wechat, re-consent). Never updated; a version agreed twice keeps its first row.
 */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: varchar({ length: 16 }).notNull(),
    version: integer().notNull(),
    channel: varchar({ length: 16 }).notNull(),
    ip: varchar({ length: 64 }),
    agreedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_consents_member_kind_version_idx').on(t.memberId, t.kind, t.version),
    index('member_consents_member_idx').on(t.memberId, t.agreedAt),
    check('member_consents_channel_check', sql`${t.channel} in ('sms', 'guest', 'oauth', 'wechat', 're-consent')`),
  ],
);

/**
 * A member's privacy switches (docs/agreements.md "Personalised recommendations"); no row means the defaults
 * (personalisation on).
 */
export const memberPrivacySettings = pgTable('member_privacy_settings', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  personalized: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
