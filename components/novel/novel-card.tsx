import Link from 'next/link';
import type { ReactNode } from 'react';
import { Cover } from './cover';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { formatWordCount } from '@/lib/shared/money';
import './script-text.css';

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
  novel: NovelSummary;
  priority?: boolean;
  rank?: number;
  titleNode?: ReactNode;
  summaryNode?: ReactNode;
  href?: string;
}) {
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  return (
    <li className="novel-card">
      <Link href={href ?? `/m/novels/${novel.id}`} className="novel-card-link">
        <Cover src={novel.thumb} tag={novel.cover_tag} eager={priority} />
        <span className="novel-card-body" lang={meta.lang} dir={meta.dir}>
          <span className="novel-title">
            {rank ? <span className={rank <= 3 ? 'rank rank-top' : 'rank'}>{rank}</span> : null}
            {titleNode ?? novel.title}
          </span>
          <span className="novel-summary">{summaryNode ?? novel.summary}</span>
          <span className="novel-meta" dir="ltr" lang="zh-CN">
            <bdi lang={meta.lang}>{novel.author.name}</bdi> · {novel.status === 1 ? '完结' : '连载中'} · {formatWordCount(novel.word_count)}
          </span>
        </span>
      </Link>
    </li>
  );
}
