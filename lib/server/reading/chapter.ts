import 'server-only';
import { assertMinorsMayUse } from '../minors/usage';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { MSG } from '@/lib/shared/messages';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import type { NovelDetail } from '@/lib/shared/dto/novel';
import type { ReadChapter, Paywall } from '@/lib/shared/dto/reading';
import { getDb } from '../db/client';
import { chapters } from '../db/schema';
import { notFound } from '../core/errors';
import { cachedRead } from '../core/cache';
import { getNovelOrThrow } from '../catalog/novels';
import { chapterAccessWithText, isFreeToAll, type Access } from '../wallet/entitlement';
import { getAfford } from '../wallet/purchases';
import { autoBuyIfEnabled, getAutoBuy } from '../wallet/auto-buy';
import { readerAudioFields } from '../audio/reader-audio';
import { cachedFlags } from '../config/flags-cache';
import { assertFollowGate } from '../members/follow-gate';
import { chapterPublished, isPublished } from '../catalog/visibility';

interface ChapterMeta {
  id: number;
  novelId: number;
  idx: number;
  title: string;
  wordCount: number;
  isFree: boolean;
  price: number;
  redirectToId: number | null;
  /** Checked on every read, outside the cache: a scheduled chapter is missing until its time. */
  publishedAt: Date;
  prevId: number;
  nextId: number;
}

/** A chapter without its text, with its neighbours: the same for every reader, so it may be cached. */
const getChapterMeta = cachedRead(
  'chapter_meta',
  async (id: number): Promise<ChapterMeta | null> => {
    const db = getDb();
    const [row] = await db
      .select({
        id: chapters.id,
        novelId: chapters.novelId,
        idx: chapters.idx,
        title: chapters.title,
        wordCount: chapters.wordCount,
        isFree: chapters.isFree,
        price: chapters.price,
        redirectToId: chapters.redirectToId,
        publishedAt: chapters.publishedAt,
      })
      .from(chapters)
      .where(eq(chapters.id, id));
    if (!row) return null;
    const [prev] = await db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.novelId, row.novelId), chapterPublished(), lt(chapters.idx, row.idx)))
      .orderBy(desc(chapters.idx))
      .limit(1);
    const [next] = await db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.novelId, row.novelId), chapterPublished(), gt(chapters.idx, row.idx)))
      .orderBy(asc(chapters.idx))
      .limit(1);
    return { ...row, prevId: prev?.id ?? 0, nextId: next?.id ?? 0 };
  },
  (id) => [`chapter:${id}`],
);

/** Text of a chapter free to everyone: public, so it may sit in the data cache. Paid text never goes through here. */
const getFreeText = cachedRead(
  'chapter_free_text',
  async (id: number): Promise<string[]> => {
    const [row] = await getDb().select({ content: chapters.content }).from(chapters).where(eq(chapters.id, id));
    return row ? splitParagraphs(row.content) : [];
  },
  (id) => [`chapter:${id}`],
);

/**
 * The free teaser of a paid chapter: its first paragraph only (docs/reading.md "Paywall"). Read like paid text —
 * straight from the database, uncached — and cut here, so nothing past the first paragraph leaves this function.
 */
async function getTeaser(id: number): Promise<string | null> {
  return (await getEntitledText(id))[0] ?? null;
}

/** Paid text, read straight from the database after the entitlement check: never cached, never shared. */
async function getEntitledText(id: number): Promise<string[]> {
  const [row] = await getDb()
    .select({ content: chapters.content })
    .from(chapters)
    .where(eq(chapters.id, id))
    .prepare('chapter_text')
    .execute();
  return row ? splitParagraphs(row.content) : [];
}

function dir(novel: NovelDetail): 'rtl' | 'ltr' {
  return novel.language_type === 0 ? 'rtl' : 'ltr';
}

/**
 * One chapter as this reader may see it (GET /v1/read/{id} and the reader page): the text only when entitled —
 * free to all, unlocked, whole book, or VIP-free for a VIP — otherwise no text and the paywall's figures. With
 * `autoBuy`, a locked chapter is bought first when the reader switched auto-buy on for this novel.
 */
export async function readChapter(
  memberId: number | null,
  chapterId: number,
  opts: { autoBuy?: boolean; now?: Date; inMessagingApp?: boolean; voice?: string | null } = {},
): Promise<ReadChapter> {
  const now = opts.now ?? new Date();
  const meta = await getChapterMeta(chapterId);
  if (!meta || !isPublished(meta)) throw notFound(MSG.chapterMissing);
  const novel = await getNovelOrThrow(meta.novelId);
  // 青少年模式: only suitable novels, not at night, within the day's limit; opening a chapter counts as use.
  await assertMinorsMayUse(memberId, meta.novelId, { now, count: true });
  let access: Access = 'free';
  // A bought chapter's text comes with its entitlement, in one statement (chapterAccessWithText).
  let ownedText: string | null = null;
  if (!isFreeToAll(meta, { saleMode: novel.sale_mode, freeUntil: novel.free_until, freeFrom: novel.free_from }, now)) {
    const found = memberId ? await chapterAccessWithText(memberId, chapterId, getDb(), now) : null;
    access = found?.access.access ?? 'locked';
    ownedText = found?.text ?? null;
  }
  // Before any auto-buy: a gated reader spends nothing (docs/members.md "Follow gate").
  await assertFollowGate({
    memberId,
    chapterId: meta.id,
    novelId: meta.novelId,
    idx: meta.idx,
    access,
    inMessagingApp: Boolean(opts.inMessagingApp),
  });
  if (access === 'locked' && memberId && opts.autoBuy && (await autoBuyIfEnabled(memberId, chapterId))) access = 'unlocked';
  const locked = access === 'locked';
  const paragraphs = locked
    ? []
    : access === 'free'
      ? await getFreeText(chapterId)
      : ownedText !== null
        ? splitParagraphs(ownedText)
        : await getEntitledText(chapterId);
  let paywall: Paywall | null = null;
  if (locked) {
    const afford = await getAfford(memberId, chapterId);
    paywall = {
      price: afford.price,
      buy_mode: afford.buy_mode,
      afford: afford.afford,
      welth: afford.welth,
      welth_coupon: afford.welth_coupon,
      whole_book_price: novel.whole_book_price,
      vip_free: novel.vip_free,
      auto_buy: memberId ? (await getAutoBuy(memberId, novel.id)).enabled : false,
      signed_in: memberId !== null,
      teaser: cachedFlags().paid_teaser ? await getTeaser(chapterId) : null,
    };
  }
  return {
    id: meta.id,
    novel_id: meta.novelId,
    idx: meta.idx,
    title: meta.title,
    word_count: meta.wordCount,
    is_free: meta.isFree,
    price: meta.price,
    prev_id: meta.prevId,
    next_id: meta.nextId,
    redirect_to_id: meta.redirectToId ?? meta.id,
    access,
    locked,
    paragraphs,
    paywall,
    ...(await readerAudioFields(meta.id, novel, paragraphs, locked, opts.voice ?? null)),
    novel: {
      id: novel.id,
      title: novel.title,
      thumb: novel.thumb,
      language_type: novel.language_type,
      dir: dir(novel),
      has_tts: novel.has_tts,
      ctype: novel.ctype,
      article_count: novel.article_count,
      sale_mode: novel.sale_mode,
    },
  };
}

/** GET /v1/articles/prefaces: the opening of each novel's first chapter, keyed by novel id (previews). */
export async function listPrefaces(
  novelIds: number[],
): Promise<Record<string, { article_id: number; title: string; paragraphs: string[] }>> {
  const out: Record<string, { article_id: number; title: string; paragraphs: string[] }> = {};
  for (const nid of novelIds) {
    const novel = await getNovelOrThrow(nid).catch(() => null);
    if (!novel?.first_article_id) continue;
    const meta = await getChapterMeta(novel.first_article_id);
    if (!meta || !isFreeToAll(meta, { saleMode: novel.sale_mode, freeUntil: novel.free_until, freeFrom: novel.free_from })) continue;
    out[String(nid)] = { article_id: meta.id, title: meta.title, paragraphs: (await getFreeText(meta.id)).slice(0, 3) };
  }
  return out;
}
