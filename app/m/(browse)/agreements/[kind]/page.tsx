import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageBar } from '@/components/shell/page-bar';
import { SiteFooter } from '@/components/shell/site-footer';
import { currentAgreement } from '@/lib/server/accounts/agreements';
import { AGREEMENT_KINDS, AGREEMENT_NAMES, type AgreementKind } from '@/lib/shared/agreements';
import { businessDayOf } from '@/lib/shared/business-time';

type Props = { params: Promise<{ kind: string }> };

const kindOf = (raw: string): AgreementKind | null =>
  (AGREEMENT_KINDS as readonly string[]).includes(raw) ? (raw as AgreementKind) : null;

// The same for everyone and readable before signing in: rendered on first request and kept in Next's cache; a
// version published in the console drops the `agreements` tag (docs/agreements.md "Pages"). Nothing is prerendered
// at build time: no database is open then.
export const revalidate = 300;
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const kind = kindOf((await params).kind);
  return kind ? { title: AGREEMENT_NAMES[kind], alternates: { canonical: `/m/agreements/${kind}` } } : {};
}

/** /m/agreements/{user|privacy}: the version in force, its number and effective date, the text in paragraphs. */
export default async function AgreementPage({ params }: Props) {
  const kind = kindOf((await params).kind);
  if (!kind) notFound();
  const doc = await currentAgreement(kind);
  const paragraphs = doc.body.split(/\n+/).filter((p) => p.trim());
  return (
    <div className="page agreement-page">
      <PageBar title={AGREEMENT_NAMES[kind]} parent="/m/my" />
      <article className="agreement">
        <h2 className="agreement-title">{doc.title}</h2>
        <p className="muted small">
          第 {doc.version} 版 · {businessDayOf(new Date(doc.effective_at))} 起生效
        </p>
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </article>
      <SiteFooter />
    </div>
  );
}
