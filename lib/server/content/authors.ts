import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authors } from '../db/schema';

/**
 * The form an author's name is stored and matched in (docs/content.md "Authors"): Unicode NFC, so a name typed
 * with combining marks (Uyghur, Tibetan) and its precomposed twin are one author, then without the whitespace
 * around it. Spaces inside a name are the author's own and stay.
 */
export function normalizeAuthorName(name: string): string {
  return name.normalize('NFC').trim();
}

/**
 * The author of that name in that language, created (with its generated avatar) when there is none. Authors have
 * no console of their own: the import and the metadata edit both come here. Race-safe: `(name, language_type)` is
 * unique, the insert does nothing on a twin another transaction made first, and the select after it then finds
 * that one (each statement reads what was committed before it began).
 */
export async function findOrCreateAuthor(tx: DbOrTx, rawName: string, languageType: number): Promise<{ id: number; created: boolean }> {
  const name = normalizeAuthorName(rawName);
  const [made] = await tx
    .insert(authors)
    .values({ name, languageType })
    .onConflictDoNothing({ target: [authors.name, authors.languageType] })
    .returning({ id: authors.id });
  if (made) {
    await tx
      .update(authors)
      .set({ avatar: `/covers/author-${made.id}.svg` })
      .where(eq(authors.id, made.id));
    return { id: made.id, created: true };
  }
  const [found] = await tx
    .select({ id: authors.id })
    .from(authors)
    .where(and(eq(authors.name, name), eq(authors.languageType, languageType)));
  return { id: found!.id, created: false };
}
