'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect, useState, type ReactNode } from 'react';
import { removeFromList, type ShelfListKind } from '@/lib/client/actions/shelf';
import { fetchShelfPage } from '@/lib/client/reads/shelf';
import { syncLocalHistory } from '@/lib/client/local-history';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { toast } from '@/lib/client/stores/toast-store';
import type { ListPage, ReadType } from '@/lib/shared/dto/shelf';
import { MSG } from '@/lib/shared/messages';

export interface RowView {
  href: string;
  /** Names the row's checkbox in edit mode ("选择《书名》"). */
  title: string;
  content: ReactNode;
}

export interface EditableListProps<T> {
  initial: ListPage<T>;
  /** The shelf or the history of one read type: what it pages (by start, limit: docs/catalogue.md "Lists and home layouts") and removes from. */
  kind: ShelfListKind;
  readType: ReadType;
  limit: number;
  removeHint: string;
  keyOf: (item: T) => number;
  view: (item: T) => RowView;
  /** Tabs shown left of the edit button. */
  tabs: ReactNode;
  empty: string;
  onRemoved?: (ids: number[]) => void;
}

/**
 * The shelf's and the history's list: a server-rendered first page, "加载更多", and an edit mode whose bar
 * (select all, delete) takes the tab bar's place. Deleting asks first, through the one confirm modal.
 */
export function EditableList<T>({ initial, kind, readType, limit, removeHint, keyOf, view, tabs, empty, onRemoved }: EditableListProps<T>) {
  const [items, setItems] = useState(initial.data);
  const [hasmore, setHasmore] = useState(initial.hasmore);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  async function load(start: number) {
    setLoading(true);
    try {
      const page = await fetchShelfPage<T>(kind, readType, start, limit);
      // docs/reading.md "Shelf": the first page replaces, later pages append.
      setItems((prev) => (start === 0 ? page.data : [...prev, ...page.data]));
      setHasmore(page.hasmore);
    } finally {
      setLoading(false);
    }
  }

  // History read before signing in reaches the account here: show it once it has.
  useEffect(() => {
    void syncLocalHistory().then((posted) => (posted ? load(0) : undefined));
    // Once per mount: a tab switch mounts a new list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allSelected = items.length > 0 && items.every((i) => selected.has(keyOf(i)));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map(keyOf)));
  const finishEditing = () => {
    setEditing(false);
    setSelected(new Set());
  };

  async function removeSelected(ids: number[]) {
    await removeFromList(kind, readType, ids);
    const gone = new Set(ids);
    const left = items.filter((item) => !gone.has(keyOf(item)));
    setItems(left);
    finishEditing();
    onRemoved?.(ids);
    toast(MSG.removed, { length: 'short' });
    // The next page starts where the remaining ones end; an emptied screen fetches it at once.
    if (!left.length && hasmore) await load(0);
  }

  function confirmRemove() {
    const ids = items.map(keyOf).filter((id) => selected.has(id));
    useModalStore.getState().open('confirm', {
      title: MSG.removeConfirm(ids.length),
      message: removeHint,
      confirmText: MSG.remove,
      onConfirm: () => void removeSelected(ids).catch(() => undefined),
    });
  }

  return (
    <>
      <div className="list-toolbar">
        {tabs}
        <button
          type="button"
          className="link-button"
          onClick={editing ? finishEditing : () => setEditing(true)}
          disabled={!items.length && !editing}
        >
          {editing ? MSG.editDone : MSG.edit}
        </button>
      </div>

      {items.length ? (
        <ul className={editing ? 'shelf-list editing' : 'shelf-list'}>
          {items.map((item) => {
            const id = keyOf(item);
            const row = view(item);
            return (
              <li key={id} className="shelf-row">
                {editing ? (
                  <label className="shelf-row-main">
                    <input
                      type="checkbox"
                      className="shelf-check"
                      checked={selected.has(id)}
                      onChange={() => toggle(id)}
                      aria-label={`选择《${row.title}》`}
                    />
                    {row.content}
                  </label>
                ) : (
                  <Link href={row.href} className="shelf-row-main">
                    {row.content}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="empty">
          <p>{empty}</p>
          <Link href="/m" className="button button-primary empty-action">
            {MSG.goBrowse}
          </Link>
        </div>
      )}

      {items.length ? (
        <div className="pager">
          {hasmore ? (
            <button type="button" className="button" onClick={() => void load(items.length)} disabled={loading}>
              {loading ? MSG.loading : MSG.loadMore}
            </button>
          ) : (
            <span className="muted">{MSG.noMore}</span>
          )}
        </div>
      ) : null}

      {editing ? (
        <div className="edit-bar" role="toolbar" aria-label="批量操作">
          <label className="edit-all">
            <input type="checkbox" className="shelf-check" checked={allSelected} onChange={toggleAll} />
            {MSG.selectAll}
          </label>
          <button type="button" className="button button-primary" disabled={!selected.size} onClick={confirmRemove}>
            {selected.size ? `${MSG.remove}(${selected.size})` : MSG.remove}
          </button>
        </div>
      ) : null}
    </>
  );
}
