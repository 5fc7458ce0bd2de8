'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { fetchCatalogPage } from '@/lib/client/reads/catalogue';
import { mergeChapterList } from '@/lib/client/reader/chapter-list';
import type { CatalogEntry } from '@/lib/shared/dto/catalog';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { useOwned } from '@/lib/client/swr/use-purchases';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { ChapterMark } from '@/components/reader/chapter-mark';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { navigate } from '@/lib/client/navigate';
import { listenHref } from '@/lib/shared/reader-links';
import './chapters-modal.css';

/**
 * The reader's catalogue (docs/reading.md "Reader"): opens on the page holding the current chapter, marked;
 * earlier chapters are prepended (next=0) and later ones appended (next=1); the order toggle and a jump replace.
 */
export function ChaptersModal({
  novelId,
  currentArticleId,
  currentIdx = 1,
  listenReadType,
  dir = 'ltr',
  onClose,
}: {
  novelId: number;
  currentArticleId?: number;
  currentIdx?: number;
  listenReadType?: 1 | 2;
  /** The novel's writing direction: Uyghur titles align right, as on the chapters page. */
  dir?: 'ltr' | 'rtl';
  onClose: () => void;
}) {
  const [list, setList] = useState<CatalogEntry[]>([]);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [range, setRange] = useState({ first: 0, last: 0, total: 0 });
  const [jump, setJump] = useState('');
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();
  const { data: owned } = useOwned(novelId, signedIn);

  async function load(start: number, ord: 'asc' | 'desc', next?: 0 | 1) {
    if (start < 0) return;
    setBusy(true);
    try {
      const page = await fetchCatalogPage(novelId, start, ord);
      setList((current) => mergeChapterList(current, page.data, next));
      setRange((r) => ({
        total: page.total,
        first: next === 1 ? r.first : start,
        last: next === 0 ? r.last : start + page.data.length,
      }));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    void load(Math.floor((currentIdx - 1) / PAGE_SIZE.catalog) * PAGE_SIZE.catalog, 'asc');
    // Opening position only; later loads come from the buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.getElementById(`modal-c${currentArticleId}`)?.scrollIntoView({ block: 'center' });
  }, [list.length, currentArticleId]);

  function toggle() {
    const ord = order === 'asc' ? 'desc' : 'asc';
    setOrder(ord);
    void load(0, ord);
  }

  function onJump(e: FormEvent) {
    e.preventDefault();
    const n = Math.min(Math.max(1, Number(jump) || 1), Math.max(1, range.total));
    const start = order === 'asc' ? n - 1 : range.total - n;
    void load(Math.max(0, start - (start % PAGE_SIZE.catalog)), order);
  }

  return (
    <Dialog label="目录" onClose={onClose} className="chapters-dialog">
      <div className="modal-head">
        <h2 className="modal-title">目录</h2>
        <button type="button" className="button" onClick={toggle} disabled={busy}>
          {order === 'asc' ? '倒序' : '正序'}
        </button>
        <DialogClose onClose={onClose} />
      </div>
      <form onSubmit={onJump} className="jump-form">
        <label className="visually-hidden" htmlFor="modal-jump">
          跳到第几章
        </label>
        <input
          id="modal-jump"
          inputMode="numeric"
          placeholder="跳至第几章"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="button" disabled={busy || !jump}>
          跳转
        </button>
      </form>
      {signedIn && currentArticleId && !listenReadType ? (
        <button
          type="button"
          className="button button-block chapters-batch"
          onClick={() =>
            // The sheet replaces this list (one modal at a time); when the chapter open is bought, the reader reopens it.
            useModalStore.getState().open('batch-buy', {
              novelId,
              articleId: currentArticleId,
              onDone: (bought) => {
                if (bought.includes(currentArticleId)) navigate.assign(`/m/read/${currentArticleId}?nid=${novelId}`);
              },
            })
          }
        >
          批量购买
        </button>
      ) : null}
      <div className="modal-scroll">
        {range.first > 0 ? (
          <button
            type="button"
            className="button button-block"
            disabled={busy}
            onClick={() => void load(Math.max(0, range.first - PAGE_SIZE.catalog), order, 0)}
          >
            加载前面的章节
          </button>
        ) : null}
        {busy && list.length === 0 ? <p className="chapters-loading muted">正在加载目录…</p> : null}
        <ol className="chapter-list" aria-busy={busy} dir={dir}>
          {list.map((c) => (
            <li key={c.id} id={`modal-c${c.id}`}>
              <Link
                href={listenReadType ? listenHref(c.id, null, listenReadType) : `/m/read/${c.id}?nid=${novelId}`}
                onClick={onClose}
                aria-current={c.id === currentArticleId ? 'true' : undefined}
                className={c.id === currentArticleId ? 'current' : undefined}
              >
                <span className="chapter-title">{c.title}</span>
                <ChapterMark entry={c} owned={owned} />
              </Link>
            </li>
          ))}
        </ol>
        {range.last < range.total ? (
          <button type="button" className="button button-block" disabled={busy} onClick={() => void load(range.last, order, 1)}>
            加载更多章节
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
