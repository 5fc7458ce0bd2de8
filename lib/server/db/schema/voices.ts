// Schema files carry no `server-only` fence: drizzle-kit loads them outside Next to generate migrations.
import { integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { staffUsers } from './staff';

/**
 * The voice a member listens to, per novel language (docs/listening.md "Voice resolution"): the key of a voice
 * (`{engine}:{voice}`), chosen on the listen page. A key no configured engine offers any more is kept but ignored.
 * An erased member takes their rows along.
 */
export const memberVoices = pgTable(
  'member_voices',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    languageType: smallint().notNull(),
    voiceKey: varchar({ length: 160 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.languageType] })],
);

/** The default voice of each novel language, set by staff on the listening console (none: eSpeak's voice). */
export const languageVoices = pgTable('language_voices', {
  languageType: smallint().primaryKey(),
  voiceKey: varchar({ length: 160 }).notNull(),
  updatedBy: integer().references(() => staffUsers.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
