import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import type { NovelDetail } from '@/lib/shared/dto/novel';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { siteUrl } from '../core/site-url';

/** schema.org Book and BreadcrumbList for a novel page. */
export function novelJsonLd(novel: NovelDetail): object[] {
  const base = siteUrl();
  const url = `${base}/m/novels/${novel.id}`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: novel.title,
      url,
      image: `${base}${novel.thumb}`,
      description: novel.summary,
      author: { '@type': 'Person', name: novel.author.name, url: `${base}/m/authors/${novel.author.id}` },
      genre: novel.category.name,
      keywords: novel.tags.join(','),
      inLanguage: LANGUAGE_META[novel.language_type as LanguageType]?.lang ?? 'zh-CN',
      numberOfPages: novel.article_count,
      wordCount: novel.word_count,
      bookFormat: 'https://schema.org/EBook',
      copyrightHolder: novel.copyright_holder ? { '@type': 'Organization', name: novel.copyright_holder } : undefined,
      creativeWorkStatus: novel.status === 1 ? 'Published' : 'Incomplete',
      dateModified: novel.updated_at,
    },
    breadcrumbs([
      [SERVER_MSG.siteName, '/m'],
      [novel.category.name, `/m/library?lang=${novel.language_type}&category=${novel.category.id}`],
      [novel.title, `/m/novels/${novel.id}`],
    ]),
  ];
}

export function breadcrumbs(items: Array<[string, string]>): object {
  const base = siteUrl();
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: `${base}${path}` })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script element. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
