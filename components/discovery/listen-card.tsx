import { IntentLink as Link } from '@/components/ui/intent-link';
import type { ListenCardNovel } from '@/lib/server/catalog/listen-home';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { novelListenHref } from '@/lib/shared/reader-links';
import { Cover } from '../novel/cover';
import { PlayPauseIcon } from '../listen/play-pause-icon';

/**
 * A card on home's 听书 tab (docs/listening.md "Home's 听书 tab"): cover, title, author, how many episodes and how
 * many members have listened, and a play button that opens the first chapter on the listen page, which starts
 * playing where the browser allows it.
 */
export function ListenCard({ novel, rank, priority = false }: { novel: ListenCardNovel; rank?: number; priority?: boolean }) {
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  const href = novelListenHref(novel);
  return (
    <li className="listen-card">
      <Link href={href} className="listen-card-link">
        <Cover src={novel.thumb} tag={novel.cover_tag} eager={priority} width={64} height={85} />
        <span className="listen-card-body">
          <span className="novel-title" lang={meta.lang} dir={meta.dir}>
            {rank ? <span className={rank <= 3 ? 'rank rank-top' : 'rank'}>{rank}</span> : null}
            {novel.title}
          </span>
          <span className="listen-card-meta">
            <bdi lang={meta.lang}>{novel.author.name}</bdi>
          </span>
          <span className="listen-card-meta">
            共{novel.article_count}集{novel.listeners > 0 ? ` · ${novel.listeners}人听过` : ''}
          </span>
        </span>
      </Link>
      <Link href={href} className="listen-card-play" aria-label={`播放《${novel.title}》`}>
        <PlayPauseIcon playing={false} size={20} />
      </Link>
    </li>
  );
}
