import { LANGUAGE_META, type LanguageType } from './constants';
import type { NovelSummary } from './dto/novel';

/** What a cover tile shows: the novel's id, title, cover, cover badge and language. */
export type TileNovel = Pick<NovelSummary, 'id' | 'title' | 'thumb' | 'cover_tag' | 'language_type'>;

/**
 * A tile packed as a tuple for a client list's props. Server-rendered tiles reach the browser twice — as HTML and
 * as their element tree in the RSC payload, about 330 bytes a tile — while these props cost about 40, and the
 * client list renders the same HTML from them (docs/operations.md "Home throughput").
 */
export type PackedTile = [id: number, title: string, thumb: string, coverTag: string | null, languageType: number];

export const packTiles = (novels: TileNovel[]): PackedTile[] => novels.map((n) => [n.id, n.title, n.thumb, n.cover_tag, n.language_type]);

export const unpackTile = ([id, title, thumb, cover_tag, language_type]: PackedTile): TileNovel => ({
  id,
  title,
  thumb,
  cover_tag,
  language_type,
});

/** What a novel card shows (components/novel/novel-card.tsx). */
export type CardNovel = TileNovel & Pick<NovelSummary, 'summary' | 'status' | 'word_count'> & { author: { name: string } };

/** A card packed like a tile, with its summary already cut to what the card can show, and its rank (0: none). */
export type PackedCard = [...tile: PackedTile, summary: string, author: string, status: 0 | 1, wordCount: number, rank: number];

export const packCards = (novels: (CardNovel & { rank?: number })[]): PackedCard[] =>
  novels.map((n) => {
    const lang = (LANGUAGE_META[n.language_type as LanguageType] ?? LANGUAGE_META[1]).lang;
    return [
      n.id,
      n.title,
      n.thumb,
      n.cover_tag,
      n.language_type,
      cardSummary(n.summary, lang),
      n.author.name,
      n.status,
      n.word_count,
      n.rank ?? 0,
    ];
  });

export const unpackCard = (c: PackedCard): CardNovel & { rank: number } => ({
  ...unpackTile([c[0], c[1], c[2], c[3], c[4]]),
  summary: c[5],
  author: { name: c[6] },
  status: c[7],
  word_count: c[8],
  rank: c[9],
});

/**
 * The summary shows two clamped lines: about 40 Chinese characters at 430 px, more letters in Uyghur and Tibetan. Only
 * what can show is sent — a list page carries each card twice (HTML and the RSC payload).
 */
export function cardSummary(summary: string, lang: string): string {
  const max = lang === 'zh-CN' ? 56 : 140;
  const chars = Array.from(summary);
  return chars.length > max ? chars.slice(0, max).join('') : summary;
}
