// Schema files carry no `server-only` fence: drizzle-kit loads them outside Next to generate migrations.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const members = pgTable(
  'members',
  {
    id: serial().primaryKey(),
    phone: varchar({ length: 20 }),
    nickname: varchar({ length: 64 }),
    avatar: text(),
    // 0 Uyghur, 1 Chinese, 2 Tibetan (docs/accounts.md "Profile and language"); null until the member chooses, read as 0.
    languageType: smallint(),
    isGuest: boolean().notNull().default(false),
    deviceId: varchar({ length: 128 }),
    birthDate: date(),
    guardianConsentAt: timestamp({ withTimezone: true }),
    // Marketing tags such as 'bonus_hunter' (docs/accounts.md "Profile and language").
    tags: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    spinwin: boolean().notNull().default(false),
    channelId: varchar({ length: 64 }),
    refLinkId: varchar({ length: 64 }),
    mergedIntoId: integer(),
    // The member's current block (docs/members.md "Blocks"): its member_blocks id and end, read with the session so
    // the block check costs no query. endsAt null with a block id is a permanent block; lifting clears both.
    blockId: integer(),
    blockedUntil: timestamp({ withTimezone: true }),
    // Set when a cancellation completes (docs/account-cancellation.md "Completion"): the row stays for the ledger and
    // orders, its personal data is gone and nobody can sign in as it any more.
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_phone_uq').on(t.phone),
    // One live guest per device; a guest merged into a phone account frees its device for a new guest.
    uniqueIndex('members_device_guest_uq')
      .on(t.deviceId)
      .where(sql`${t.isGuest} and ${t.mergedIntoId} is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    // SHA-256 of the bearer token; the token itself is never stored.
    tokenHash: varchar({ length: 64 }).notNull(),
    userAgent: text(),
    ip: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // 'sms' | 'guest' | 'oauth:<provider>' | 'bind'
    via: varchar({ length: 32 }).notNull().default('sms'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial().primaryKey(),
    phone: varchar({ length: 20 }).notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    ip: varchar({ length: 64 }),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: serial().primaryKey(),
    provider: varchar({ length: 32 }).notNull(),
    subject: varchar({ length: 128 }).notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    unionId: varchar({ length: 128 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_provider_subject_uq').on(t.provider, t.subject)],
);

/** Idempotency records: the first answer to (actor, route, x-sig) is replayed for 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actor: varchar({ length: 80 }).notNull(),
    route: varchar({ length: 200 }).notNull(),
    sig: varchar({ length: 32 }).notNull(),
    status: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Renewed every few seconds by the server running the request (docs/api.md "x-sig"): an unanswered claim whose
    // renewal stopped longer than the lease ago belongs to a dead server and is taken over.
    renewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_uq').on(t.actor, t.route, t.sig), index('idempotency_created_idx').on(t.createdAt)],
);

/** A guardian's recorded consent for a minor's paid actions (docs/accounts.md "Minors"). */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    guardianName: varchar({ length: 32 }).notNull(),
    guardianPhone: varchar({ length: 20 }).notNull(),
    relation: varchar({ length: 16 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('guardian_consents_member_idx').on(t.memberId)],
);

/** Authorization codes issued by the built-in local OAuth provider (development and tests). */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    id: serial().primaryKey(),
    codeHash: varchar({ length: 64 }).notNull(),
    subject: varchar({ length: 128 }).notNull(),
    nickname: varchar({ length: 64 }).notNull(),
    redirectUri: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('oauth_codes_hash_uq').on(t.codeHash)],
);

/**
 * One-time codes that hand a signed-in session to the recharge page (/bridge?token&return): 5 min, single use,
 * stored hashed, so no long-lived token ever sits in a URL or a browser history.
 */
export const bridgeCodes = pgTable(
  'bridge_codes',
  {
    id: serial().primaryKey(),
    codeHash: varchar({ length: 64 }).notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('bridge_codes_hash_uq').on(t.codeHash)],
);
