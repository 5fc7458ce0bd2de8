'use client';

import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/client/api';
import type { GamesPage } from '@/lib/shared/dto/games';
import Link from 'next/link';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { adRemovalHref } from '@/lib/shared/game-links';
import { HideGamesChoice } from './hide-games-choice';
import './games.css';

const SLOT_SIZE = 4;

/**
 * A small game recommendation slot (docs/games.md "Slots") for home and the chapter end. It asks GET /v1/games only
 * when it comes near the screen, so it costs the first load nothing but this component; its box has its height from
 * the first paint and it folds away when the server sends no games (closed by the member, ad removal, none active).
 */
export function GameSlot({ languageType, returnPath }: { languageType: number; returnPath: string }) {
  const box = useRef<HTMLElement>(null);
  const [page, setPage] = useState<GamesPage | null>(null);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let done = false;
    const load = () => {
      if (done) return;
      done = true;
      api<GamesPage>('/v1/games', { query: { language_type: languageType, limit: SLOT_SIZE }, silent: true }).then(
        (p) => (p.hidden || !p.list.length ? setGone(true) : setPage(p)),
        () => setGone(true),
      );
    };
    // Browsers without IntersectionObserver get no slot rather than a request on every page load.
    if (typeof IntersectionObserver === 'undefined') return setGone(true);
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: '300px' });
    seen.observe(el);
    return () => seen.disconnect();
  }, [languageType]);

  if (gone) return null;
  return (
    <section ref={box} className="g-slot" aria-label={T.slotTitle} data-testid="game-slot" aria-busy={!page}>
      <div className="g-slot-head">
        <span>{T.slotTitle}</span>
        <span>
          <Link href="/m/float">{T.floatEntry}</Link>
          <Link href="/m/games">{T.more}</Link>
        </span>
      </div>
      {page ? (
        <>
          <ul className="g-strip">
            {page.list.map((g) => (
              <li key={g.id}>
                <a href={g.href} rel="nofollow noopener">
                  <img src={g.icon} alt="" width={52} height={52} loading="lazy" />
                  <span>{g.name}</span>
                </a>
              </li>
            ))}
          </ul>
          {page.ask_hide ? <HideGamesChoice onAnswered={(hide) => (hide ? setGone(true) : setPage({ ...page, ask_hide: false }))} /> : null}
          {page.ad_removal_pid ? (
            <p className="g-offer">
              {T.offer}
              <a href={adRemovalHref(page.ad_removal_pid, returnPath)}>{T.offerLink}</a>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
