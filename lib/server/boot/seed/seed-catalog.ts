import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authors, categories, chapters, novels, novelTags, tags } from '../../db/schema';
import { planCatalog, planChapters, type CatalogPlan } from './catalog-plan';

export type Log = (message: string) => void;
const BATCH = 400;
const DAY = 86_400_000;

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Every 15th generated novel, when still serializing (the fixed fixtures 1–6 keep their history). */
const isNewRelease = (id: number, status: number) => id > 6 && id % 15 === 0 && status === 0;

/** The categories always; the demo's authors, novels, tags and chapters only with `demo` (docs/deploy.md "First start"). */
export async function seedCatalog(db: Tx, log: Log, now: Date, demo = true): Promise<CatalogPlan> {
  const full = planCatalog();
  const plan: CatalogPlan = demo ? full : { ...full, authors: [], novels: [] };
  await db
    .insert(categories)
    .values(plan.categories.map((c, i) => ({ id: c.id, name: c.name, gender: c.gender, languageType: c.languageType, sort: i })));
  await insertBatches(plan.authors, (b) => db.insert(authors).values(b.map((a) => ({ ...a, avatar: `/covers/author-${a.id}.svg` }))));

  const tagNames = [...new Set(plan.novels.flatMap((n) => n.tags))];
  if (tagNames.length) await db.insert(tags).values(tagNames.map((name, i) => ({ id: i + 1, name })));
  const tagId = new Map(tagNames.map((name, i) => [name, i + 1]));

  const totalChapters = plan.novels.reduce((sum, n) => sum + n.chapterCount, 0);
  let nextChapterId = 1;
  let written = 0;
  let lastReported = -1;
  for (const novel of plan.novels) {
    const rows = planChapters(novel, plan.casts.get(novel.id)!, nextChapterId);
    nextChapterId += rows.length;
    const wordCount = rows.reduce((sum, c) => sum + c.wordCount, 0);
    // Chapters were published one a day up to now (finished books stopped a while ago). A few serializing
    // books are this week's new releases: they launched 1–5 days ago with a batch of chapters at once, so
    // the weekly_new list (lib/server/catalog/audio-lists.ts) has something to show in the demo.
    const lastPublished = now.getTime() - (novel.status === 1 ? 30 * DAY : (novel.id % 3) * DAY);
    const launched = isNewRelease(novel.id, novel.status) ? lastPublished - (1 + (novel.id % 5)) * DAY : lastPublished - rows.length * DAY;
    const publishedAt = (idx: number) => new Date(Math.max(launched, lastPublished - (rows.length - idx) * DAY));
    await db.insert(novels).values({
      id: novel.id,
      title: novel.title,
      authorId: novel.authorId,
      categoryId: novel.categoryId,
      summary: novel.summary,
      thumb: `/covers/${novel.id}.svg`,
      banner: `/covers/${novel.id}.svg?banner=1`,
      coverTag: novel.coverTag,
      tags: novel.tags,
      ctype: novel.ctype,
      hasTts: novel.hasTts,
      status: novel.status,
      gender: novel.gender,
      languageType: novel.languageType,
      wordCount,
      articleCount: rows.length,
      firstArticleId: rows[0]!.id,
      latestArticleId: rows.at(-1)!.id,
      copyrightHolder: novel.copyrightHolder,
      editor: novel.editor,
      isOffShelf: novel.isOffShelf,
      // 青少年模式's suitable novels (docs/minors-mode.md "Suitable novels"): novel 1, 3 and every fourth from 5; novel 2 is not.
      minorsSuitable: novel.id === 3 || novel.id % 4 === 1,
      saleMode: novel.saleMode,
      wholeBookPrice: novel.wholeBookPrice,
      vipFree: novel.vipFree,
      freeUntil: novel.freeDays ? new Date(now.getTime() + novel.freeDays * DAY) : null,
      popularity: novel.popularity,
      createdAt: new Date(launched),
      updatedAt: new Date(lastPublished),
    });
    await db.insert(novelTags).values(novel.tags.map((t) => ({ novelId: novel.id, tagId: tagId.get(t)! })));
    await insertBatches(rows, (b) => db.insert(chapters).values(b.map((c) => ({ ...c, publishedAt: publishedAt(c.idx) }))));
    written += rows.length;
    const pct = Math.floor((written / totalChapters) * 10);
    if (pct !== lastReported) {
      lastReported = pct;
      log(`seed: ${written}/${totalChapters} chapters (${pct * 10}%)`);
    }
  }
  // Explicit ids were inserted; move the sequences past them so new rows do not collide.
  for (const table of ['categories', 'authors', 'tags', 'novels', 'chapters']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
  return plan;
}
