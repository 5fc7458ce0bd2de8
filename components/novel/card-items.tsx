'use client';

import { unpackCard, type PackedCard } from '@/lib/shared/tiles';
import { NovelCard } from './novel-card';

/** Novel cards from packed props (lib/shared/tiles.ts); the first `priority` covers load first. */
export function CardItems({ cards, priority = 0 }: { cards: PackedCard[]; priority?: number }) {
  return cards.map((c, i) => {
    const { rank, ...novel } = unpackCard(c);
    return <NovelCard key={c[0]} novel={novel} {...(rank ? { rank } : null)} {...(i < priority ? { priority: true } : null)} />;
  });
}
