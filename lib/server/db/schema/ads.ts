import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Ads we serve ourselves (docs/ads.md "Ads and placements"): where each shows, whom it targets, when it runs, how often
 * one member may see it a day, and the destination staff entered (a same-site path or an http(s) address, checked on
 * save). Deactivated, never deleted: impressions and clicks keep pointing at it.
 */
export const ads = pgTable(
  'ads',
  {
    id: serial().primaryKey(),
    businessType: smallint().notNull().default(1),
    // 'home_carousel' | 'chapter_end' | 'listen' | 'custom_modal'
    placement: varchar({ length: 16 }).notNull().default('home_carousel'),
    title: varchar({ length: 64 }).notNull(),
    /** One line under the title (the modal's and the chapter end's text); may be empty. */
    body: varchar({ length: 200 }).notNull().default(''),
    image: text().notNull(),
    link: text().notNull(),
    /** Targeting: null means every value. language_type 0/1/2, channel 1 男生 / 2 女生. */
    languageType: smallint(),
    channel: smallint(),
    // 'all' | 'paid' (members with a paid order) | 'unpaid' (everyone else, visitors included)
    audience: varchar({ length: 8 }).notNull().default('all'),
    /** Only members tagged bonus_hunter (docs/activity-wheel.md "Profile flags"). */
    bonusHunterOnly: boolean().notNull().default(false),
    // 'all' | 'main' | 'alt': which brand's host shows it (docs/ads.md "Static files").
    brand: varchar({ length: 8 }).notNull().default('all'),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Impressions a day (Asia/Shanghai) one member or visitor may get of this ad; null: no cap. */
    dailyCap: integer(),
    weight: integer().notNull().default(1),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_placement_idx').on(t.placement, t.active),
    check('ads_weight_ck', sql`${t.weight} between 1 and 1000000`),
    check('ads_cap_ck', sql`${t.dailyCap} is null or ${t.dailyCap} >= 1`),
  ],
);

/**
 * One served ad: the token the browser sends back with a click, good for its viewer only and for a day. Its first
 * click sets clicked_at; whether that click counts is decided then (docs/ads.md "Impressions and clicks"). viewer is
 * `m:<member id>` or `v:<tracking id or ip>`.
 */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    token: varchar({ length: 32 }).notNull().unique(),
    adId: integer()
      .notNull()
      .references(() => ads.id),
    viewer: varchar({ length: 80 }).notNull(),
    day: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clickedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('ad_impressions_cap_idx').on(t.adId, t.viewer, t.day), index('ad_impressions_created_idx').on(t.createdAt)],
);

/** Impressions and clicks per ad per day (Asia/Shanghai), incremented with the impression and the first click. */
export const adDailyStats = pgTable(
  'ad_daily_stats',
  {
    adId: integer()
      .notNull()
      .references(() => ads.id),
    day: date().notNull(),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

/**
 * The published ad lists (docs/ads.md "Static files"): immutable JSON under a content-hashed name, served with a
 * year-long cache. kind 'ads' | 'reader'; brand 'main' | 'alt'. The newest row of each kind and brand is current.
 */
export const adPublications = pgTable(
  'ad_publications',
  {
    name: varchar({ length: 64 }).primaryKey(),
    kind: varchar({ length: 8 }).notNull(),
    brand: varchar({ length: 8 }).notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_publications_current_idx').on(t.kind, t.brand, t.createdAt)],
);
