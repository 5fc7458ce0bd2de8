import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { authors, bookListItems, bookLists, categories, chapters, novels } from '../db/schema';
import { renderShareImage, SHARE_IMAGE_SIZES, type ShareCard, type ShareImageSize } from './image-card';

export type ShareSubject = 'novel' | 'chapter' | 'booklist';

// Bumped when the layout changes, so every versioned address changes with it.
const LAYOUT_VERSION = '1';

async function novelRow(id: number) {
  const [row] = await getDb()
    .select({ id: novels.id, title: novels.title, author: authors.name, category: categories.name })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .leftJoin(categories, eq(categories.id, novels.categoryId))
    .where(and(eq(novels.id, id), eq(novels.isOffShelf, false)));
  return row ?? null;
}

/**
 * What the image of `subject` `id` shows (docs/sharing.md "Preview images"), or null for an unknown, off-shelf or
 * unpublished one. Titles and names only: a chapter's card is its novel's with the chapter's title, never its text.
 */
export async function shareCardFor(subject: ShareSubject, id: number): Promise<ShareCard | null> {
  if (subject === 'novel') {
    const n = await novelRow(id);
    return (
      n && {
        artId: n.id,
        category: n.category,
        kicker: SERVER_MSG.shareNovelKicker,
        title: n.title,
        subtitle: SERVER_MSG.shareByAuthor(n.author),
      }
    );
  }
  if (subject === 'chapter') {
    const [c] = await getDb()
      .select({ novelId: chapters.novelId, title: chapters.title })
      .from(chapters)
      .where(and(eq(chapters.id, id), lte(chapters.publishedAt, new Date())));
    const n = c ? await novelRow(c.novelId) : null;
    return c && n
      ? { artId: n.id, category: n.category, kicker: SERVER_MSG.shareChapterKicker(n.author), title: n.title, subtitle: c.title }
      : null;
  }
  const [list] = await getDb().select({ name: bookLists.name }).from(bookLists).where(eq(bookLists.id, id));
  if (!list) return null;
  const books = await getDb()
    .select({ id: novels.id, title: novels.title, category: categories.name })
    .from(bookListItems)
    .innerJoin(novels, eq(novels.id, bookListItems.novelId))
    .leftJoin(categories, eq(categories.id, novels.categoryId))
    .where(and(eq(bookListItems.bookListId, id), eq(novels.isOffShelf, false)))
    .orderBy(asc(bookListItems.position));
  const first = books[0];
  return {
    artId: first?.id ?? id,
    category: first?.category ?? null,
    kicker: SERVER_MSG.shareBookListKicker(books.length),
    title: list.name,
    subtitle: books
      .slice(0, 3)
      .map((b) => `《${b.title}》`)
      .join(''),
  };
}

/** A short hash of what the card shows: the image's address changes when the picture would. */
export function cardVersion(card: ShareCard): string {
  return createHash('sha1')
    .update(JSON.stringify([LAYOUT_VERSION, card]))
    .digest('hex')
    .slice(0, 12);
}

/** The image's path with its version: `/covers/share/{subject}-{id}-{size}.png?v=…` (cacheable for a year). */
export function shareImagePath(subject: ShareSubject, id: number, size: ShareImageSize, card: ShareCard): string {
  return `/covers/share/${subject}-${id}-${size}.png?v=${cardVersion(card)}`;
}

/** og:image and the messaging app's imgUrl for one page, with their sizes. */
export function shareImages(subject: ShareSubject, id: number, card: ShareCard) {
  return {
    wide: { url: shareImagePath(subject, id, 'wide', card), ...SHARE_IMAGE_SIZES.wide, type: 'image/png', alt: card.title },
    square: { url: shareImagePath(subject, id, 'square', card), ...SHARE_IMAGE_SIZES.square, type: 'image/png', alt: card.title },
  };
}

// Rendered images by subject, id, size and version: a scraper burst or a chat full of previews renders each once.
const MAX_CACHED = 300;
const rendered = new Map<string, Promise<Buffer>>();

/** Renders (or reuses) one image; the least recently used are dropped past MAX_CACHED. */
export function cachedShareImage(key: { subject: ShareSubject; id: number; size: ShareImageSize }, card: ShareCard): Promise<Buffer> {
  const k = `${key.subject}:${key.id}:${key.size}:${cardVersion(card)}`;
  const hit = rendered.get(k);
  if (hit) {
    rendered.delete(k);
    rendered.set(k, hit);
    return hit;
  }
  const job = renderShareImage(key.size, card);
  rendered.set(k, job);
  job.catch(() => rendered.delete(k));
  while (rendered.size > MAX_CACHED) rendered.delete(rendered.keys().next().value!);
  return job;
}

export const cachedShareImageCount = () => rendered.size;
