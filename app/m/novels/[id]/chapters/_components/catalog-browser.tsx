'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchCatalogPage } from '@/lib/client/reads/catalogue';
import type { CatalogPage } from '@/lib/shared/dto/catalog';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { useOwned } from '@/lib/client/swr/use-purchases';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { ChapterMark } from '@/components/reader/chapter-mark';
import { BatchBuyEntry } from './batch-buy-entry';

/**
 * The catalogue, 100 chapters a page: order toggle, page ranges and jump-to-number. The view lives in the URL
 * (start, order) so a shared link lands on the same page; pages after the first come from fetchCatalogPage.
 */
export function CatalogBrowser({
  novelId,
  initial,
  total,
  dir,
  sellsChapters,
}: {
  novelId: number;
  initial: CatalogPage;
  total: number;
  dir: 'ltr' | 'rtl';
  /** Chapters are sold one by one (not only with the whole book, not free): 批量购买 is offered. */
  sellsChapters: boolean;
}) {
  const pathname = usePathname();
  const [page, setPage] = useState(initial);
  const [jump, setJump] = useState('');
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();
  const { data: owned } = useOwned(novelId, signedIn);
  const [target, setTarget] = useState<number | null>(null);

  // Scroll once the jumped-to page has rendered, not before.
  useEffect(() => {
    if (target === null) return;
    document.getElementById(`c${target}`)?.scrollIntoView({ block: 'center' });
    setTarget(null);
  }, [page, target]);

  async function load(start: number, order: 'asc' | 'desc', highlight?: number) {
    setBusy(true);
    try {
      const next = await fetchCatalogPage(novelId, start, order);
      setPage(next);
      // Record the view in the URL without a server round-trip (Next keeps useSearchParams in step).
      window.history.replaceState(null, '', `${pathname}?start=${start}&order=${order}`);
      if (highlight) setTarget(highlight);
      else window.scrollTo(0, 0);
    } finally {
      setBusy(false);
    }
  }

  function onJump(e: FormEvent) {
    e.preventDefault();
    const n = Math.min(Math.max(1, Number(jump) || 1), total);
    const start =
      page.order === 'asc'
        ? Math.floor((n - 1) / PAGE_SIZE.catalog) * PAGE_SIZE.catalog
        : Math.floor((total - n) / PAGE_SIZE.catalog) * PAGE_SIZE.catalog;
    void load(start, page.order, n);
  }

  const pages = Math.ceil(total / PAGE_SIZE.catalog);
  const currentPage = Math.floor(page.start / PAGE_SIZE.catalog);
  return (
    <>
      <div className="catalog-tools">
        <button type="button" className="button" disabled={busy} onClick={() => load(0, page.order === 'asc' ? 'desc' : 'asc')}>
          {page.order === 'asc' ? '倒序' : '正序'}
        </button>
        <form onSubmit={onJump} className="jump-form">
          <label className="visually-hidden" htmlFor="jump">
            跳到第几章
          </label>
          <input
            id="jump"
            inputMode="numeric"
            placeholder={`跳至 1-${total} 章`}
            value={jump}
            onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          />
          <button type="submit" className="button" disabled={busy || !jump}>
            跳转
          </button>
        </form>
      </div>
      {sellsChapters ? <BatchBuyEntry novelId={novelId} shown={page.data} owned={owned} signedIn={signedIn} /> : null}
      {pages > 1 ? (
        <label className="range-select">
          <span className="visually-hidden">章节范围</span>
          <select value={currentPage} onChange={(e) => load(Number(e.target.value) * PAGE_SIZE.catalog, page.order)} disabled={busy}>
            {Array.from({ length: pages }, (_, i) => {
              const a = page.order === 'asc' ? i * PAGE_SIZE.catalog + 1 : total - i * PAGE_SIZE.catalog;
              const b =
                page.order === 'asc' ? Math.min(total, (i + 1) * PAGE_SIZE.catalog) : Math.max(1, total - (i + 1) * PAGE_SIZE.catalog + 1);
              return (
                <option key={i} value={i}>
                  第{a}-{b}章
                </option>
              );
            })}
          </select>
        </label>
      ) : null}
      <ol className="chapter-list" aria-busy={busy} dir={dir}>
        {page.data.map((c) => (
          <li key={c.id} id={`c${c.idx}`}>
            <Link href={`/m/read/${c.id}?nid=${novelId}`}>
              <span className="chapter-title">{c.title}</span>
              <ChapterMark entry={c} owned={owned} />
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
