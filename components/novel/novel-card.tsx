import { IntentLink as Link } from '@/components/ui/intent-link';
import type { ReactNode } from 'react';
import { Cover } from './cover';
import { cardSummary, type CardNovel } from '@/lib/shared/tiles';

export { cardSummary };
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { formatWordCount } from '@/lib/shared/money';

// Spread only when the card is in another script: an explicit undefined still costs a "$undefined" in the payload.
const LTR_ZH = { dir: 'ltr', lang: 'zh-CN' } as const;

/**
 * A row in a novel list: cover, title, author, summary, status. No hooks: usable from server and client lists.
 * It opens the novel's page unless a list sends it elsewhere (href: the listen page in the listening lists).
 */
export function NovelCard({
  novel,
  priority = false,
  rank,
  titleNode,
  summaryNode,
  href,
}: {
  novel: CardNovel;
  priority?: boolean;
  rank?: number;
  titleNode?: ReactNode;
  summaryNode?: ReactNode;
  href?: string;
}) {
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  // The document is zh-CN and left-to-right: only other scripts need their own lang and dir.
  const script = meta.lang === 'zh-CN' ? undefined : meta;
  return (
    <li className="novel-card">
      <Link href={href ?? `/m/novels/${novel.id}`} className="novel-card-link">
        <Cover src={novel.thumb} tag={novel.cover_tag} eager={priority} />
        <span className="novel-card-body" {...(script && { lang: script.lang, dir: script.dir })}>
          <span className="novel-title">
            {rank ? <span className={rank <= 3 ? 'rank rank-top' : 'rank'}>{rank}</span> : null}
            {titleNode ?? novel.title}
          </span>
          <span className="novel-summary">{summaryNode ?? cardSummary(novel.summary, meta.lang)}</span>
          <span className="novel-meta" {...(script && LTR_ZH)}>
            {script ? <bdi lang={script.lang}>{novel.author.name}</bdi> : novel.author.name}
            {` · ${novel.status === 1 ? '完结' : '连载中'} · ${formatWordCount(novel.word_count)}`}
          </span>
        </span>
      </Link>
    </li>
  );
}
