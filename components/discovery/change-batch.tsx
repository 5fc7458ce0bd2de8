'use client';

import { useState } from 'react';
import { api } from '@/lib/client/api';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { NovelTile } from '../novel/novel-tile';

/** A grid with "换一批": each tap swaps in a fresh random handful of the same language. */
export function ChangeBatch({ initial, languageType, title }: { initial: NovelSummary[]; languageType: number; title: string }) {
  const [novels, setNovels] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function refresh() {
    setBusy(true);
    try {
      setNovels(await api<NovelSummary[]>('/v1/novels/random', { query: { language_type: languageType, limit: initial.length || 8 } }));
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
        {novels.map((n) => (
          <NovelTile key={n.id} novel={n} />
        ))}
      </ul>
    </section>
  );
}
