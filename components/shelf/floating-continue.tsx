'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import { MSG } from '@/lib/shared/messages';

function hiddenThisSession(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * A slim "continue" bar floating above the tab bar, so it appears without moving anything on the page; a spacer
 * after the page's last block keeps that block reachable above it. Closing hides it for the rest of the visit
 * (per hiddenKey, so closing the reading bar leaves the listening one alone).
 */
export function FloatingContinue({
  href,
  label,
  title,
  detail,
  hiddenKey,
}: {
  href: string;
  label: string;
  title: string;
  detail?: string | null;
  hiddenKey: string;
}) {
  const [hidden, setHidden] = useState(false);
  if (hidden || hiddenThisSession(hiddenKey)) return null;
  const close = () => {
    try {
      window.sessionStorage.setItem(hiddenKey, '1');
    } catch {
      // Without sessionStorage it stays closed until the page is left.
    }
    setHidden(true);
  };
  return (
    <>
      <div className="continue-bar-spacer" aria-hidden="true" />
      <aside className="continue-bar" aria-label={label}>
        <Link href={href} className="continue-bar-link">
          <span className="continue-bar-title">
            {label}《<bdi>{title}</bdi>》
          </span>
          {detail ? (
            <span className="continue-bar-chapter" dir="auto">
              {detail}
            </span>
          ) : null}
        </Link>
        <button type="button" className="continue-bar-close" onClick={close} aria-label={MSG.dismiss}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </aside>
    </>
  );
}
