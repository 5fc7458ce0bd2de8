'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect } from 'react';
import { Cover } from '@/components/novel/cover';
import { useLatestPositions, type CardPosition } from '@/lib/client/swr/use-latest-positions';
import { MSG } from '@/lib/shared/messages';
import { listenHref, readerHref } from '@/lib/shared/reader-links';
import { CONTINUE_SEEN_KEY } from './continue-card-slot';

function remember(seen: boolean) {
  try {
    if (seen) window.localStorage.setItem(CONTINUE_SEEN_KEY, '1');
    else window.localStorage.removeItem(CONTINUE_SEEN_KEY);
  } catch {
    // Without storage the slot is simply not reserved next time.
  }
}

/** 第N章 · 章节名, or the chapter title alone when it already starts with its number (most do). */
const chapterLine = (p: CardPosition) =>
  /^第\s*\d+\s*章/.test(p.article) ? p.article : [p.chapter ? `第${p.chapter}章` : null, p.article || null].filter(Boolean).join(' · ');

/**
 * The card: the book, the chapter and how far in, one tap back into place; beside it, the last book listened to
 * (members) when it is not the same place. A listening position alone opens the listen page.
 */
export function ContinueCardBody() {
  const { read, listen, settled } = useLatestPositions();
  const main = read ?? listen;
  useEffect(() => {
    if (settled) remember(Boolean(main));
  }, [settled, main]);
  if (!main) return null;
  const mainHref = read ? readerHref(read.nid, read.aid, read.idx) : listenHref(main.aid, main.time);
  const other = read && listen && listen.aid !== read.aid ? listen : null;
  const progress = main.chapter && main.count ? Math.min(100, Math.round((main.chapter / main.count) * 100)) : null;
  const label = read ? MSG.continueReading : MSG.continueListening;
  return (
    <section className="continue-card" aria-label={label}>
      <Link href={mainHref} className="continue-card-main">
        {/* An entry kept without a cover (older local history) keeps the same box, empty. */}
        {main.thumb ? <Cover src={main.thumb} width={42} height={56} /> : <span className="cover" style={{ width: 42, height: 56 }} />}
        <span className="continue-card-text">
          <span className="continue-card-title">
            <span className="continue-card-label">{label}</span>《<bdi>{main.title}</bdi>》
          </span>
          <span className="continue-card-chapter" dir="auto">
            {chapterLine(main)}
          </span>
          {progress !== null ? (
            <span className="continue-card-progress" aria-label={`已读 ${main.chapter}/${main.count} 章`}>
              <span style={{ width: `${progress}%` }} />
            </span>
          ) : null}
        </span>
      </Link>
      {other ? (
        <Link
          href={listenHref(other.aid, other.time)}
          className="continue-card-listen"
          aria-label={`${MSG.continueListening}《${other.title}》`}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          <span>听</span>
        </Link>
      ) : null}
    </section>
  );
}
