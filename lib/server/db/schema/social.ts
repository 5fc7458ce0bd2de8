import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { chapters, novels } from './catalog';

export const gifts = pgTable('gifts', {
  id: serial().primaryKey(),
  title: varchar({ length: 32 }).notNull(),
  thumb: text().notNull(),
  // Price in book coins per unit.
  wealth: integer().notNull(),
  // A free gift may be sent once a day per member (is_free_used).
  isFree: boolean().notNull().default(false),
  languageType: smallint().notNull().default(1),
  sort: integer().notNull().default(0),
  // Off sale: left out of the gift grid and refused when sent; past tips keep pointing at it (docs/selling.md).
  active: boolean().notNull().default(true),
});

export const tips = pgTable(
  'tips',
  {
    id: serial().primaryKey(),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    giftId: integer()
      .notNull()
      .references(() => gifts.id),
    amount: integer().notNull(),
    wealthTotal: integer().notNull(),
    chapterId: integer(),
    scene: varchar({ length: 32 }),
    txId: integer(),
    // The business day (Asia/Shanghai) of a free gift; unique per member, so a free gift goes once a day however
    // many sends race (docs/gifts-votes.md "Gifts and tips"). Null for paid gifts.
    freeDay: date(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tips_novel_idx').on(t.novelId, t.createdAt),
    index('tips_member_idx').on(t.memberId),
    uniqueIndex('tips_free_day_uq').on(t.memberId, t.freeDay),
  ],
);

export const competitions = pgTable('competitions', {
  id: serial().primaryKey(),
  name: varchar({ length: 64 }).notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  endsAt: timestamp({ withTimezone: true }).notNull(),
  active: boolean().notNull().default(true),
  // Null: novels of every language compete; otherwise only that language_type.
  languageType: smallint(),
  description: text().notNull().default(''),
});

export const votes = pgTable(
  'votes',
  {
    id: serial().primaryKey(),
    competitionId: integer()
      .notNull()
      .references(() => competitions.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    amount: integer().notNull(),
    // False while the voter is a new member who has never paid: the vote is kept (tickets were spent) but left out
    // of leaderboards until the member pays once (docs/gifts-votes.md "Anti-farming").
    counted: boolean().notNull().default(true),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('votes_novel_idx').on(t.competitionId, t.novelId), index('votes_member_idx').on(t.memberId, t.novelId, t.createdAt)],
);

/**
 * Coins each member spent in each calendar month (Asia/Shanghai), kept as a running total by the spend's own
 * statement: a spend's vote tickets depend on the month's sum, and summing the ledger grew with the member's whole
 * history (docs/gifts-votes.md "Vote tickets"). The audit checks it against the ledger's `coin_month` movements.
 */
export const memberCoinMonths = pgTable(
  'member_coin_months',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id),
    month: varchar({ length: 7 }).notNull(),
    coins: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.month] }), check('member_coin_months_coins_ck', sql`${t.coins} >= 0`)],
);

/**
 * Vote tickets arrive in lots like vouchers (docs/gifts-votes.md "Vote tickets"): source 'spend' (paid coins spent
 * in the month), 'vip' (monthly grant), 'mission', 'staff'. Every lot expires at the end of its calendar month in
 * Asia/Shanghai; the member's 'ticket' wallet account holds the live balance and every ticket leg names its lot.
 */
export const ticketLots = pgTable(
  'ticket_lots',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    source: varchar({ length: 16 }).notNull(),
    // YYYY-MM of the month the lot belongs to (Asia/Shanghai).
    month: varchar({ length: 7 }).notNull(),
    amount: integer().notNull(),
    remaining: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    txId: integer().notNull(),
    expiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_lots_member_exp_idx').on(t.memberId, t.expiresAt),
    check('ticket_lots_remaining_ck', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * Fan value per member and novel (docs/gifts-votes.md "Fan value and titles"): coins spent on the novel (chapters, whole book,
 * gifts) and tickets cast for it, kept in the same transaction as the movement that earned them.
 */
export const fanValues = pgTable(
  'fan_values',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    coins: integer().notNull().default(0),
    tickets: integer().notNull().default(0),
    value: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.novelId] }), index('fan_values_novel_idx').on(t.novelId, t.value)],
);

/**
 * Comments, replies, paragraph comments and long reviews (docs/community.md).
 * status: short comments and replies are 'published' at once; a published comment whose weighted reports reached
 * the threshold is 'hidden' until a moderator looks (or stays published, flagged, when its author is in good standing); staff take one down as 'removed'. Long reviews go
 * 'pending' → 'reviewing' → 'approved' | 'rejected' (reason in rejectReason; re-editing sends it back to 'pending').
 * A paragraph comment (段评) names its chapter and is anchored to the paragraph's content: paragraphHash is a hash
 * of the paragraph's normalised text, paragraphIndex the index it had when written (a hint when texts repeat).
 */
export const comments = pgTable(
  'comments',
  {
    id: serial().primaryKey(),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    chapterId: integer().references(() => chapters.id),
    parentId: integer(),
    /** On a reply to a reply: the reply it answers (the thread stays flat under parentId, the top-level comment). */
    replyToId: integer(),
    type: smallint().notNull().default(1),
    content: text().notNull(),
    isLongComment: boolean().notNull().default(false),
    status: varchar({ length: 16 }).notNull().default('published'),
    rejectReason: text(),
    rewardAmount: integer(),
    rewardClaimedAt: timestamp({ withTimezone: true }),
    likes: integer().notNull().default(0),
    replyCount: integer().notNull().default(0),
    paragraphHash: varchar({ length: 64 }),
    paragraphIndex: integer(),
    /** Distinct members who reported it (what the console shows), each counted once. */
    reportCount: integer().notNull().default(0),
    /**
     * The same reports weighted by who sent them (docs/community.md "Reports"): 1 an established member, 0.5 or 0 a
     * reporter moderators often overruled, 0 a guest or an account under a day old. This, not reportCount, is
     * compared with community.hide_after_reports. Sums of halves, exact in a double.
     */
    reportScore: doublePrecision().notNull().default(0),
    /**
     * Set when the weighted reports reached the threshold but the comment stays visible — its author is in good
     * standing, or it is an approved long review — and waits at the top of the moderation queue; cleared by a decision.
     */
    flaggedAt: timestamp({ withTimezone: true }),
    /** Digest of the normalised text, for the duplicate-text refusal. */
    contentHash: varchar({ length: 64 }),
    /** Set when the sensitive-word filter held the text for review (the category it hit). */
    heldFor: varchar({ length: 32 }),
    reviewedBy: integer(),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_novel_idx').on(t.novelId, t.type, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    index('comments_chapter_idx').on(t.chapterId, t.paragraphHash),
    index('comments_member_idx').on(t.memberId, t.createdAt),
    index('comments_status_idx').on(t.status, t.createdAt),
    index('comments_flagged_idx')
      .on(t.flaggedAt)
      .where(sql`${t.flaggedAt} is not null`),
    // One long review per member and novel: re-editing updates it.
    uniqueIndex('comments_long_review_uq')
      .on(t.novelId, t.memberId)
      .where(sql`${t.isLongComment}`),
  ],
);

export const commentActions = pgTable(
  'comment_actions',
  {
    id: serial().primaryKey(),
    commentId: integer()
      .notNull()
      .references(() => comments.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    // 'like' | 'report'
    action: varchar({ length: 16 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('comment_actions_uq').on(t.commentId, t.memberId, t.action)],
);

/**
 * Reader reports (docs/community.md "Reports"). targetType: 'novel' | 'chapter' | 'comment' | 'member'.
 * status: 'open' → 'handled' | 'dismissed' by a moderator, whose note goes to the reporter as a message.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: integer(),
    reason: varchar({ length: 32 }).notNull(),
    content: text().notNull().default(''),
    contact: varchar({ length: 64 }),
    images: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: varchar({ length: 16 }).notNull().default('open'),
    resolution: text(),
    handledBy: integer(),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt), index('reports_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * Messages (docs/community.md "Messages"): memberId null is an announcement anyone may read; otherwise a personal
 * notification only its owner may read. kind: 'announcement' | 'reply' | 'review_approved' (naming the reward to
 * claim) | 'review_rejected' | 'report_handled'.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    memberId: integer().references(() => members.id),
    kind: varchar({ length: 24 }).notNull(),
    title: varchar({ length: 120 }).notNull(),
    body: text().notNull().default(''),
    /** An in-app path the message leads to (a comment thread, a review), validated as a same-site path. */
    link: text(),
    refId: integer(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_member_idx').on(t.memberId, t.createdAt)],
);

/** When a member last opened the announcements: announcements newer than this count as unread. */
export const announcementReads = pgTable('announcement_reads', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  readUntil: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The sensitive-word list (docs/community.md "Moderation"), edited by staff. word is stored normalised (the same
 * normalisation the filter applies to readers' text); action 'block' refuses the text, 'review' holds it for a
 * moderator.
 */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: serial().primaryKey(),
    word: varchar({ length: 64 }).notNull(),
    category: varchar({ length: 32 }).notNull(),
    action: varchar({ length: 8 }).notNull().default('block'),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sensitive_words_word_uq').on(t.word)],
);
