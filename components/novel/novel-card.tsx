import Link from 'next/link';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { formatWordCount } from '@/lib/shared/money';

/** A row in a novel list: cover, title, author, summary, status. Server component. */
export function NovelCard({ novel, priority = false }: { novel: NovelSummary; priority?: boolean }) {
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  return (
    <li className="novel-card">
      <Link href={`/m/novels/${novel.id}`} className="novel-card-link">
        <span className="cover">
          {/* Fixed width/height reserve the space: no layout shift while covers load. */}
          <img src={novel.thumb} alt="" width={72} height={96} loading={priority ? 'eager' : 'lazy'} decoding="async" />
          {novel.cover_tag ? <span className="cover-tag">{novel.cover_tag}</span> : null}
        </span>
        <span className="novel-card-body" lang={meta.lang} dir={meta.dir}>
          <span className="novel-title">{novel.title}</span>
          <span className="novel-summary">{novel.summary}</span>
          <span className="novel-meta" dir="ltr" lang="zh-CN">
            <span lang={meta.lang}>{novel.author.name}</span> · {novel.status === 1 ? '完结' : '连载中'} · {formatWordCount(novel.word_count)}
          </span>
        </span>
      </Link>
    </li>
  );
}
