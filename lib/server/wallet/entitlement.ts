import 'server-only';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { builtOnce } from '../db/built-once';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { bookEntitlements, chapterUnlocks, chapters, novels } from '../db/schema';
import { getPeriodState } from './vip';
import { chapterPublished } from '../catalog/visibility';

export type Access = 'free' | 'unlocked' | 'whole_book' | 'vip_free' | 'locked';

/**
 * Free to everyone, no member needed: a free chapter, a novel never charged, or a novel inside its limited-time
 * free window. The reader uses this on its fast path; chapterAccess applies the same rule.
 */
export function isFreeToAll(
  chapter: { isFree: boolean },
  novel: { saleMode: string; freeUntil: Date | string | null; freeFrom?: Date | string | null },
  now = new Date(),
): boolean {
  // The window may have a start set by staff (docs/content.md "Editing"); without one it runs until free_until.
  const started = !novel.freeFrom || new Date(novel.freeFrom) <= now;
  return chapter.isFree || novel.saleMode === 'free' || (novel.freeUntil !== null && new Date(novel.freeUntil) > now && started);
}

type AccessRow = {
  isFree: boolean;
  price: number;
  novelId: number;
  saleMode: string;
  vipFree: boolean;
  wholeBookPrice: number | null;
  freeUntil: Date | null;
  freeFrom: Date | null;
  unlocked: boolean;
  wholeBook: boolean;
};
export type ChapterAccess = { access: Access; price: number; novelId: number; saleMode: string; wholeBookPrice: number | null };

/**
 * What chapterAccess selects from chapters joined with novels: the chapter, its novel and both ownerships. A purchase
 * selects the same columns with its own (docs/wallet.md "Statements per purchase"), so the rule has one definition.
 * The unlock and whole-book rows are found through their unique (member, chapter) and (member, novel) indexes;
 * without a member there is nothing to look up.
 */
export function accessColumns(memberId: number | Placeholder | null) {
  const none = sql<boolean>`false`;
  return {
    isFree: chapters.isFree,
    price: chapters.price,
    novelId: chapters.novelId,
    saleMode: novels.saleMode,
    vipFree: novels.vipFree,
    wholeBookPrice: novels.wholeBookPrice,
    freeUntil: novels.freeUntil,
    freeFrom: novels.freeFrom,
    unlocked: memberId
      ? sql<boolean>`exists (select 1 from ${chapterUnlocks} where ${chapterUnlocks.memberId} = ${memberId} and ${chapterUnlocks.chapterId} = ${chapters.id})`
      : none,
    wholeBook: memberId
      ? sql<boolean>`exists (select 1 from ${bookEntitlements} where ${bookEntitlements.memberId} = ${memberId} and ${bookEntitlements.novelId} = ${chapters.novelId})`
      : none,
  };
}

/** The access a row of accessColumns gives: VIP is read only for a VIP-free novel the member does not own. */
export async function accessFromRow(row: AccessRow, memberId: number | null, db: DbOrTx, now: Date): Promise<ChapterAccess> {
  const base = { price: row.price, novelId: row.novelId, saleMode: row.saleMode, wholeBookPrice: row.wholeBookPrice };
  if (isFreeToAll(row, row, now)) return { access: 'free', ...base };
  if (!memberId) return { access: 'locked', ...base };
  if (row.unlocked) return { access: 'unlocked', ...base };
  if (row.wholeBook) return { access: 'whole_book', ...base };
  if (row.vipFree && (await getPeriodState(memberId, 'vip', db, now)).active) return { access: 'vip_free', ...base };
  return { access: 'locked', ...base };
}

/**
 * The one entitlement check (issue 5): may this reader see this chapter's text and hear its audio?
 * Free chapters and free (or limited-time free) novels for everyone; otherwise an unlock, a whole-book purchase,
 * or VIP on a VIP-free novel. The reader, the read API and the audio routes all ask here.
 */
export async function chapterAccess(
  memberId: number | null,
  chapterId: number,
  db: DbOrTx = getDb(),
  now = new Date(),
): Promise<ChapterAccess | null> {
  // One statement answers the chapter, its novel and both ownerships: on PGlite every query runs on the server's
  // own thread, and a paid read asks this on every request.
  const [row] = await db
    .select(accessColumns(memberId))
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    // A scheduled chapter is missing to every reader until its time: nothing to read, hear or buy.
    .where(and(eq(chapters.id, chapterId), chapterPublished()))
    // Named, so PostgreSQL plans it once per connection: every paid read asks (one text for members, one for nobody).
    .prepare(memberId ? 'chapter_access_member' : 'chapter_access_anonymous')
    .execute();
  return row ? accessFromRow(row, memberId, db, now) : null;
}

/**
 * chapterAccess for a member, with the chapter's text in the same statement when the member owns it (an unlock or
 * the whole book): a paid read of a bought chapter then costs one statement for both (docs/wallet.md "Statements per
 * purchase"). The text is selected only by the rows that make the access `unlocked` or `whole_book`, and handed out
 * only for those accesses; `null` otherwise (free, VIP-free and locked chapters read theirs as before).
 */
export async function chapterAccessWithText(
  memberId: number,
  chapterId: number,
  db: DbOrTx = getDb(),
  now = new Date(),
): Promise<{ access: ChapterAccess; text: string | null } | null> {
  // Built once per process (every paid read asks): docs/wallet.md "Where a purchase's time goes".
  const [row] = await builtOnce(db, 'chapter_access_text', (d) => {
    const columns = accessColumns(sql.placeholder('memberId'));
    return d
      .select({
        ...columns,
        ownedText: sql<string | null>`case when ${columns.unlocked} or ${columns.wholeBook} then ${chapters.content} end`,
      })
      .from(chapters)
      .innerJoin(novels, eq(novels.id, chapters.novelId))
      .where(and(eq(chapters.id, sql.placeholder('chapterId')), chapterPublished()))
      .prepare('chapter_access_text');
  }).execute({ memberId, chapterId });
  if (!row) return null;
  const { ownedText, ...accessRow } = row;
  const access = await accessFromRow(accessRow, memberId, db, now);
  return { access, text: access.access === 'unlocked' || access.access === 'whole_book' ? ownedText : null };
}
