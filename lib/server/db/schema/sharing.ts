import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The messaging app's access token and JS-SDK ticket, one row per kind, shared by every server process
 * (docs/sharing.md "Token cache"): read without a lock while fresh; refreshed under this row's lock so only one
 * process asks the provider. `appId` ties a row to the configured app: a row of another app counts as stale.
 */
export const wechatTokens = pgTable('wechat_tokens', {
  // 'access_token' | 'jsapi_ticket'
  kind: varchar({ length: 16 }).primaryKey(),
  appId: varchar({ length: 64 }).notNull().default(''),
  value: text().notNull().default(''),
  expiresAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
