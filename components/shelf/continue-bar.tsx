'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useLatestPosition } from '@/lib/client/swr/use-reading-position';
import { MSG } from '@/lib/shared/messages';
import { readerHref } from '@/lib/shared/reader-links';

const HIDDEN_KEY = 'continue-bar.hidden';

function hiddenThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Home's "继续阅读《书名》": a slim bar floating above the tab bar, so it appears without moving anything on
 * the page; a spacer after the page's last block keeps that block reachable above it. Closing hides it for the
 * rest of the visit.
 */
export function ContinueBar() {
  const position = useLatestPosition();
  const [hidden, setHidden] = useState(false);
  if (!position || hidden || hiddenThisSession()) return null;
  const close = () => {
    try {
      window.sessionStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Without sessionStorage it stays closed until the page is left.
    }
    setHidden(true);
  };
  return (
    <>
      <div className="continue-bar-spacer" aria-hidden="true" />
      <aside className="continue-bar" aria-label={MSG.continueReading}>
        <Link href={readerHref(position.nid, position.aid, position.idx)} className="continue-bar-link">
          <span className="continue-bar-title">{MSG.continueReading}《<bdi>{position.title}</bdi>》</span>
          {position.chapter ? <span className="continue-bar-chapter">第{position.chapter}章</span> : null}
        </Link>
        <button type="button" className="continue-bar-close" onClick={close} aria-label={MSG.dismiss}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
      </aside>
    </>
  );
}
