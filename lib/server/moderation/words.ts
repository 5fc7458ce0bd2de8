import 'server-only';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { sensitiveWords } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { isWordCategory, WORD_ACTIONS, WORD_CATEGORIES, type WordAction } from './categories';
import { normalizeText } from './filter';
import { reloadWords } from './word-list';

export const WORDS_PAGE_SIZE = 50;

export interface WordRow {
  id: number;
  word: string;
  category: string;
  action: string;
  createdAt: Date;
}

export async function listWords(filter: {
  q?: string;
  category?: string;
  page?: number;
}): Promise<{ rows: WordRow[]; hasMore: boolean; total: number }> {
  const where: SQL[] = [];
  const q = filter.q ? normalizeText(filter.q) : '';
  if (q) where.push(ilike(sensitiveWords.word, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.category) where.push(eq(sensitiveWords.category, filter.category));
  const page = Math.max(1, filter.page ?? 1);
  const cond = where.length ? and(...where) : undefined;
  const rows = await getDb()
    .select({
      id: sensitiveWords.id,
      word: sensitiveWords.word,
      category: sensitiveWords.category,
      action: sensitiveWords.action,
      createdAt: sensitiveWords.createdAt,
    })
    .from(sensitiveWords)
    .where(cond)
    .orderBy(desc(sensitiveWords.id))
    .limit(WORDS_PAGE_SIZE + 1)
    .offset((page - 1) * WORDS_PAGE_SIZE);
  const [count] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(sensitiveWords)
    .where(cond);
  return { rows: rows.slice(0, WORDS_PAGE_SIZE), hasMore: rows.length > WORDS_PAGE_SIZE, total: count!.n };
}

/**
 * Adds a word in its normalised form (what the filter compares); the action defaults to the category's. The
 * matcher in this process is rebuilt before returning, so the next check already sees the word.
 */
export async function addWord(actor: StaffActor, input: { word: string; category: string; action?: string }): Promise<number> {
  assertCan(actor, 'words');
  if (!isWordCategory(input.category)) throw invalid(SERVER_MSG.wordCategoryInvalid);
  const action = (input.action || WORD_CATEGORIES[input.category].defaultAction) as WordAction;
  if (!WORD_ACTIONS.includes(action)) throw invalid(SERVER_MSG.wordActionInvalid);
  const word = normalizeText(input.word);
  if (!word) throw invalid(SERVER_MSG.wordEmpty);
  if (word.length > 64) throw invalid(SERVER_MSG.wordTooLong);
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(sensitiveWords)
      .values({ word, category: input.category, action, createdBy: actor.id })
      .onConflictDoNothing({ target: sensitiveWords.word })
      .returning({ id: sensitiveWords.id });
    if (!row) throw new ApiError(CODES.conflict, SERVER_MSG.wordExists);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'word.add',
      targetType: 'word',
      targetId: row.id,
      detail: { word, category: input.category, action },
      ip: actor.ip,
    });
    return row.id;
  });
  await reloadWords();
  return id;
}

export async function deleteWord(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, 'words');
  await getDb().transaction(async (tx) => {
    const [row] = await tx.delete(sensitiveWords).where(eq(sensitiveWords.id, id)).returning();
    if (!row) throw notFound(SERVER_MSG.wordNotFound);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'word.delete',
      targetType: 'word',
      targetId: id,
      detail: { word: row.word, category: row.category, action: row.action },
      ip: actor.ip,
    });
  });
  await reloadWords();
}
