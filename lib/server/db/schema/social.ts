import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tips_novel_idx').on(t.novelId, t.createdAt), index('tips_member_idx').on(t.memberId)],
);

export const competitions = pgTable('competitions', {
  id: serial().primaryKey(),
  name: varchar({ length: 64 }).notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  endsAt: timestamp({ withTimezone: true }).notNull(),
  active: boolean().notNull().default(true),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('votes_novel_idx').on(t.competitionId, t.novelId)],
);

/** Vote tickets a member holds (profile "tickets"); granted by VIP, missions and recharges. */
export const voteTickets = pgTable('vote_tickets', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  balance: integer().notNull().default(0),
});

/**
 * Comments, replies and long reviews. status: 'published' for short comments and replies;
 * long reviews go 'pending' → 'reviewing' → 'approved' | 'rejected'.
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
    type: smallint().notNull().default(1),
    content: text().notNull(),
    isLongComment: boolean().notNull().default(false),
    status: varchar({ length: 16 }).notNull().default('published'),
    rejectReason: text(),
    rewardAmount: integer(),
    rewardClaimedAt: timestamp({ withTimezone: true }),
    likes: integer().notNull().default(0),
    replyCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_novel_idx').on(t.novelId, t.type, t.createdAt), index('comments_parent_idx').on(t.parentId)],
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

export const reports = pgTable('reports', {
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
