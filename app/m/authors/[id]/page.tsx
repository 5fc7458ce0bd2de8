import type { Metadata } from 'next';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { NovelCard } from '@/components/novel/novel-card';
import { JsonLd } from '@/components/seo/json-ld';
import { getAuthorOrThrow } from '@/lib/server/catalog/discovery';
import { breadcrumbs } from '@/lib/server/catalog/seo';
import { siteUrl } from '@/lib/server/core/site-url';
import { loadForPage } from '@/lib/server/http/page-lookup';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { formatWordCount } from '@/lib/shared/money';
import { PageBar } from '@/components/shell/page-bar';

type Props = { params: Promise<{ id: string }> };

// In the member's catalogue: a member in 青少年模式 sees only the author's suitable novels (docs/minors-mode.md).
const authorFor = async (raw: string) => {
  const inView = await pageCatalogue();
  return inView(() => loadForPage(raw, getAuthorOrThrow));
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const author = await authorFor((await params).id);
  const description = `${author.name}的作品：${author.novels.map((n) => `《${n.title}》`).join('、')}`.slice(0, 120);
  return {
    title: `${author.name}的作品`,
    description,
    alternates: { canonical: `/m/authors/${author.id}` },
    openGraph: {
      type: 'profile',
      title: author.name,
      description,
      url: `/m/authors/${author.id}`,
      images: author.novels[0] ? [{ url: author.novels[0].thumb }] : [],
    },
    twitter: { card: 'summary', title: author.name, description },
  };
}

export default async function AuthorPage({ params }: Props) {
  await connection();
  const author = await authorFor((await params).id);
  const meta = LANGUAGE_META[author.language_type as LanguageType] ?? LANGUAGE_META[1];
  const person = { '@context': 'https://schema.org', '@type': 'Person', name: author.name, url: `${siteUrl()}/m/authors/${author.id}` };
  return (
    <div className="page">
      <JsonLd
        data={[
          person,
          breadcrumbs([
            ['书声', '/m'],
            [author.name, `/m/authors/${author.id}`],
          ]),
        ]}
      />
      <PageBar title="作者" parent="/m" heading={false} />
      <header className="profile-card">
        <img src={author.avatar ?? '/avatars/default.svg'} alt="" width={64} height={64} className="avatar" />
        <div>
          <h1 className="profile-name" lang={meta.lang} dir={meta.dir}>
            {author.name}
          </h1>
          <p className="muted small">
            {author.novels.length} 部作品 · 累计 {formatWordCount(author.word_count)}
          </p>
        </div>
      </header>
      <ul className="novel-list">
        {author.novels.map((n, i) => (
          <NovelCard key={n.id} novel={n} priority={i < 3} />
        ))}
      </ul>
    </div>
  );
}
