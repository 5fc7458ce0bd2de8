'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { GAME_SLOT_TEXT as T } from '@/lib/shared/games-text';
import type { GameSlotBodyProps } from './game-slot-body';

/**
 * A small game recommendation slot (docs/games.md "Slots") for home and the chapter end. Only this frame is in the
 * page's first load: when it comes within 300 px of the screen it loads its body (a separate chunk), which asks
 * GET /v1/games. Its box has its height from the first paint; it folds away when the server sends no games (closed
 * by the member, ad removal, none active), when anything fails, or without IntersectionObserver.
 */
export function GameSlot({ languageType, returnPath }: { languageType: number; returnPath: string }) {
  const box = useRef<HTMLElement>(null);
  const [Body, setBody] = useState<ComponentType<GameSlotBodyProps> | null>(null);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Browsers without IntersectionObserver get no slot rather than a request on every page load.
    if (typeof IntersectionObserver === 'undefined') return setGone(true);
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        import('./game-slot-body').then(
          (m) => setBody(() => m.GameSlotBody),
          () => setGone(true),
        );
      },
      { rootMargin: '300px' },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, []);

  if (gone) return null;
  return (
    <section ref={box} className="g-slot" aria-label={T.title} data-testid="game-slot">
      <div className="g-slot-head">
        <span>{T.title}</span>
        <span>
          <Link href="/m/float">{T.float}</Link>
          <Link href="/m/games">{T.more}</Link>
        </span>
      </div>
      {Body ? <Body languageType={languageType} returnPath={returnPath} onEmpty={() => setGone(true)} /> : null}
    </section>
  );
}
