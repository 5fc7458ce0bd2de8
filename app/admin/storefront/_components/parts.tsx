import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';

export const SURFACES = ['layouts', 'carousels', 'lists', 'booklists', 'hotwords'] as const;
export type Surface = (typeof SURFACES)[number];

/** The storefront's sub-pages, as tabs under the console navigation. */
export function SurfaceTabs({ current }: { current?: Surface }) {
  return (
    <nav className="tabs" aria-label={S.heading}>
      <a href="/admin/storefront" aria-current={current ? undefined : 'page'}>
        {S.heading}
      </a>
      {SURFACES.map((s) => (
        <a key={s} href={`/admin/storefront/${s}`} aria-current={s === current ? 'page' : undefined}>
          {S.sections[s].title}
        </a>
      ))}
    </nav>
  );
}

/** Uyghur, Chinese, Tibetan: each surface is kept per language. */
export function LangTabs({ base, lang, extra = '' }: { base: string; lang: number; extra?: string }) {
  return (
    <nav className="tabs" aria-label={S.language}>
      {[1, 0, 2].map((l) => (
        <a key={l} href={`${base}?lang=${l}${extra}`} aria-current={l === lang ? 'page' : undefined}>
          {S.langNames[l]}
        </a>
      ))}
    </nav>
  );
}

/** A one-button form: the console's plain HTML post (works without JavaScript). */
export function OpButton({
  action,
  fields,
  label,
  aria,
  danger,
}: {
  action: string;
  fields: Record<string, string | number>;
  label: string;
  aria?: string;
  danger?: boolean;
}) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={danger ? 'danger' : 'secondary'} aria-label={aria}>
        {label}
      </button>
    </form>
  );
}

/**
 * The novels of a list or book list in order, each with up, down and remove, and the form that adds one by id
 * (the flash line names the title it found, so the editor sees which novel the id was).
 */
export function NovelOrder({
  action,
  listId,
  back,
  novels,
}: {
  action: string;
  listId: number;
  back: string;
  novels: Array<{ id: number; title: string; offShelf: boolean }>;
}) {
  return (
    <>
      {novels.length ? null : <p className="meta">{S.empty}</p>}
      <ol className="stack">
        {novels.map((n, i) => (
          <li key={n.id} className="item" data-testid={`novel-${n.id}`}>
            <div className="meta">
              <strong>{n.title}</strong>
              <span>#{n.id}</span>
              {n.offShelf ? <span className="badge">{S.offShelfBadge}</span> : null}
            </div>
            <div className="actions">
              {i > 0 ? (
                <OpButton
                  action={action}
                  fields={{ op: 'move', id: listId, novel_id: n.id, dir: 'up', back }}
                  label={S.up}
                  aria={`${S.up} ${n.title}`}
                />
              ) : null}
              {i < novels.length - 1 ? (
                <OpButton
                  action={action}
                  fields={{ op: 'move', id: listId, novel_id: n.id, dir: 'down', back }}
                  label={S.down}
                  aria={`${S.down} ${n.title}`}
                />
              ) : null}
              <OpButton
                action={action}
                fields={{ op: 'remove', id: listId, novel_id: n.id, back }}
                label={S.remove}
                aria={`${S.remove} ${n.title}`}
                danger
              />
            </div>
          </li>
        ))}
      </ol>
      <form method="post" action={action} className="item compose">
        <input type="hidden" name="op" value="add" />
        <input type="hidden" name="id" value={listId} />
        <input type="hidden" name="back" value={back} />
        <label>
          {S.novelId}
          <input name="novel_id" type="number" min={1} step={1} required inputMode="numeric" />
        </label>
        <button type="submit">{S.addNovel}</button>
      </form>
    </>
  );
}
