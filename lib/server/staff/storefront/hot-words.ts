import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { STOREFRONT_TEXT } from '@/lib/shared/storefront-text';
import { getDb } from '../../db/client';
import { hotWords } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { checkLanguage, PERMISSION, refresh, TAGS } from './common';

const E = STOREFRONT_TEXT.err;
const OK = STOREFRONT_TEXT.ok;

/**
 * The search page's hot words rank by searches + pinned (lib/server/catalog/search.ts). Staff add words with a
 * boost, change the boost or delete a word. A word whose searches + weight fall below zero is not shown at all, so
 * a large negative weight hides a word readers keep searching (deleting it would only restart its count).
 */
const PINNED_MAX = 100_000;

function checkPinned(pinned: number): number {
  if (!Number.isInteger(pinned) || Math.abs(pinned) > PINNED_MAX) throw invalid(E.pinnedInvalid);
  return pinned;
}

function checkWord(raw: string): string {
  // One line of text: controls and surrounding spaces out, inner spaces collapsed, so two spellings are one word.
  const word = raw
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/\s+/g, ' ');
  if (!word || word.length > 64) throw invalid(E.wordInvalid);
  return word;
}

export async function addHotWord(actor: StaffActor, input: { word: string; languageType: number; pinned: number }): Promise<string> {
  assertCan(actor, PERMISSION);
  const values = { word: checkWord(input.word), languageType: checkLanguage(input.languageType), pinned: checkPinned(input.pinned) };
  await getDb().transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: hotWords.id })
      .from(hotWords)
      .where(and(eq(hotWords.word, values.word), eq(hotWords.languageType, values.languageType)));
    if (taken) throw invalid(E.wordTaken);
    const [row] = await tx.insert(hotWords).values(values).returning({ id: hotWords.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.hotword.add',
      targetType: 'hot_word',
      targetId: row!.id,
      detail: { after: values },
      ip: actor.ip,
    });
  });
  refresh(TAGS.hotWords());
  return OK.wordAdded(values.word);
}

export async function setHotWordPinned(actor: StaffActor, id: number, rawPinned: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const pinned = checkPinned(rawPinned);
  const word = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(hotWords).where(eq(hotWords.id, id)).for('update');
    if (!before) throw notFound(E.wordNotFound);
    await tx.update(hotWords).set({ pinned }).where(eq(hotWords.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.hotword.update',
      targetType: 'hot_word',
      targetId: id,
      detail: { word: before.word, before: { pinned: before.pinned }, after: { pinned } },
      ip: actor.ip,
    });
    return before.word;
  });
  refresh(TAGS.hotWords());
  return OK.wordSaved(word);
}

/** Deletes the word and its search count; readers searching it again start a new count from one. */
export async function deleteHotWord(actor: StaffActor, id: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const word = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(hotWords).where(eq(hotWords.id, id)).for('update');
    if (!before) throw notFound(E.wordNotFound);
    await tx.delete(hotWords).where(eq(hotWords.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.hotword.delete',
      targetType: 'hot_word',
      targetId: id,
      detail: { before: { word: before.word, languageType: before.languageType, pinned: before.pinned, searches: before.searches } },
      ip: actor.ip,
    });
    return before.word;
  });
  refresh(TAGS.hotWords());
  return OK.wordRemoved(word);
}

/** One language's hot words in the order readers see them, then the rest. */
export async function consoleHotWords(languageType: number) {
  return getDb()
    .select()
    .from(hotWords)
    .where(eq(hotWords.languageType, languageType))
    .orderBy(desc(sql`${hotWords.searches} + ${hotWords.pinned}`), desc(hotWords.lastSearchedAt), asc(hotWords.id))
    .limit(200);
}
