'use client';

import { useState, type ReactNode } from 'react';
import { fetchRandomNovels } from '@/lib/client/reads/catalogue';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { NovelTile } from '../novel/novel-tile';

/**
 * A grid with "换一批": each tap swaps in a fresh random handful of the same language. The first handful arrives as
 * server-rendered tiles (children), so the page does not ship those novels a second time as this component's props.
 */
export function ChangeBatch({
  children,
  count,
  languageType,
  title,
}: {
  children: ReactNode;
  count: number;
  languageType: number;
  title: string;
}) {
  const [novels, setNovels] = useState<NovelSummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  async function refresh() {
    setBusy(true);
    try {
      setNovels(await fetchRandomNovels(languageType, count || 8));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="section">
      <div className="section-head">
        <h2 className="section-title">{title}</h2>
        <button type="button" className="section-more link-button" onClick={refresh} disabled={busy}>
          换一批
        </button>
      </div>
      <ul className="tile-grid" aria-live="polite">
        {novels ? novels.map((n) => <NovelTile key={n.id} novel={n} />) : children}
      </ul>
    </section>
  );
}
