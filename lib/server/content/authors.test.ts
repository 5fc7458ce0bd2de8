import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { getDb } from '@/lib/server/db/client';
import { migrationsFolder } from '@/lib/server/db/migrate';
import { authors, categories, novels } from '@/lib/server/db/schema';
import { findOrCreateAuthor, normalizeAuthorName } from './authors';

// One author per name and language (docs/content.md "Authors"): the import and the metadata edit share one
// race-safe lookup, and the migration that added the unique key merged the twins a live database already held.
useTestDatabase();

const authorsNamed = (name: string) => getDb().select().from(authors).where(eq(authors.name, name)).orderBy(asc(authors.id));

describe('findOrCreateAuthor', () => {
  it('makes one author when ten transactions ask for the same new name at once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => getDb().transaction((tx) => findOrCreateAuthor(tx, '并发作者', 1))));
    const rows = await authorsNamed('并发作者');
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([rows[0]!.id]));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(rows[0]!.avatar).toBe(`/covers/author-${rows[0]!.id}.svg`);
  });

  it('matches a name in its NFC form without surrounding whitespace, and keeps languages apart', async () => {
    const decomposed = 'Jose\u0301'; // "José" with a combining accent
    const made = await findOrCreateAuthor(getDb(), ` ${decomposed}\u3000`, 0);
    expect(made.created).toBe(true);
    expect(await findOrCreateAuthor(getDb(), 'José', 0)).toEqual({ id: made.id, created: false });
    expect((await findOrCreateAuthor(getDb(), 'José', 1)).id).not.toBe(made.id);
    expect((await authorsNamed('José')).map((a) => a.languageType).sort()).toEqual([0, 1]);
    expect(normalizeAuthorName(' 作者 名 ')).toBe('作者 名');
  });
});

describe('migration 0017_unique_authors', () => {
  const statements = fs
    .readFileSync(path.join(migrationsFolder, '0017_unique_authors.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

  it('merges existing twins into the lowest id, moves their novels there, then builds the unique key', async () => {
    const db = getDb();
    // The database as it was before: no unique key, twins (same name, and a name differing only in form and spaces).
    await db.execute(sql.raw('DROP INDEX "authors_name_language_key"'));
    const [a, b, c, other] = await db
      .insert(authors)
      .values([
        { name: '孪生', languageType: 1 },
        { name: '孪生', languageType: 1 },
        { name: ' Jose\u0301 ', languageType: 2 },
        { name: '孪生', languageType: 2 },
      ])
      .returning({ id: authors.id });
    const [d] = await db.insert(authors).values({ name: 'José', languageType: 2 }).returning({ id: authors.id });
    const [category] = await db.insert(categories).values({ name: '测试', gender: 1 }).returning({ id: categories.id });
    const book = (title: string, authorId: number) => ({ title, authorId, categoryId: category!.id, thumb: '' });
    const made = await db
      .insert(novels)
      .values([book('一', a!.id), book('二', b!.id), book('三', d!.id), book('四', other!.id)])
      .returning({ id: novels.id, title: novels.title });

    for (const statement of statements) await db.execute(sql.raw(statement));

    expect((await authorsNamed('孪生')).map((r) => [r.id, r.languageType])).toEqual([
      [a!.id, 1],
      [other!.id, 2],
    ]);
    expect((await authorsNamed('José')).filter((r) => r.languageType === 2).map((r) => r.id)).toEqual([c!.id]);
    const owners = await db.select({ title: novels.title, authorId: novels.authorId }).from(novels);
    const ownerOf = (title: string) => owners.find((n) => n.title === title)?.authorId;
    expect(made).toHaveLength(4);
    expect([ownerOf('一'), ownerOf('二'), ownerOf('三'), ownerOf('四')]).toEqual([a!.id, a!.id, c!.id, other!.id]);
    // The key is back: a twin is refused, and the shared function finds the survivor.
    await expect(db.insert(authors).values({ name: '孪生', languageType: 1 })).rejects.toThrow();
    expect(await findOrCreateAuthor(db, '孪生', 1)).toEqual({ id: a!.id, created: false });
  });
});
