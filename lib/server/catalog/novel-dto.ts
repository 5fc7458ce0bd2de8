import 'server-only';
import type { NovelDetail, NovelSummary } from '@/lib/shared/dto/novel';
import type { authors, categories, chapters, novels } from '../db/schema';

type NovelRow = typeof novels.$inferSelect;
type AuthorRef = Pick<typeof authors.$inferSelect, 'id' | 'name'>;

/** The one reshape from rows to the summary DTO (vercel/commerce's reshape functions). */
export function toNovelSummary(novel: NovelRow, author: AuthorRef): NovelSummary {
  return {
    id: novel.id,
    title: novel.title,
    thumb: novel.thumb,
    banner: novel.banner,
    summary: novel.summary,
    tags: novel.tags,
    cover_tag: novel.coverTag,
    first_article_id: novel.firstArticleId,
    ctype: novel.ctype,
    has_tts: novel.hasTts,
    language_type: novel.languageType,
    status: novel.status === 1 ? 1 : 0,
    word_count: novel.wordCount,
    author: { id: author.id, name: author.name },
  };
}

export function toNovelDetail(
  novel: NovelRow,
  author: AuthorRef,
  category: Pick<typeof categories.$inferSelect, 'id' | 'name'>,
  latest: Pick<typeof chapters.$inferSelect, 'id' | 'idx' | 'title' | 'publishedAt'> | null,
): NovelDetail {
  return {
    ...toNovelSummary(novel, author),
    article_count: novel.articleCount,
    category: { id: category.id, name: category.name },
    copyright_holder: novel.copyrightHolder,
    editor: novel.editor,
    gender: novel.gender,
    sale_mode: novel.saleMode as NovelDetail['sale_mode'],
    whole_book_price: novel.wholeBookPrice,
    vip_free: novel.vipFree,
    free_until: novel.freeUntil?.toISOString() ?? null,
    free_from: novel.freeFrom?.toISOString() ?? null,
    latest_article: latest ? { id: latest.id, idx: latest.idx, title: latest.title, published_at: latest.publishedAt.toISOString() } : null,
    updated_at: novel.updatedAt.toISOString(),
  };
}
