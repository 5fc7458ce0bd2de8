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
 * Up, down and remove for one entry of an ordered list (blocks, slides, a list's novels): `fields` names the entry
 * as the console action expects it; the first entry has no 上移, the last no 下移.
 */
export function OrderActions({
  action,
  fields,
  index,
  count,
  title,
  back,
}: {
  action: string;
  fields: Record<string, string | number>;
  index: number;
  count: number;
  title: string;
  back: string;
}) {
  return (
    <div className="actions">
      {index > 0 ? (
        <OpButton action={action} fields={{ op: 'move', ...fields, dir: 'up', back }} label={S.up} aria={`${S.up} ${title}`} />
      ) : null}
      {index < count - 1 ? (
        <OpButton action={action} fields={{ op: 'move', ...fields, dir: 'down', back }} label={S.down} aria={`${S.down} ${title}`} />
      ) : null}
      <OpButton action={action} fields={{ op: 'remove', ...fields, back }} label={S.remove} aria={`${S.remove} ${title}`} danger />
    </div>
  );
}

export type Pick = { novel: { id: number; title: string } } | { error: string } | null;

/**
 * The novels of a list or book list in order, each with up, down and remove, and adding one by id in two steps:
 * 查找 (a GET of this page with `pick`) shows the novel's title, or why it cannot be added; 确认加入 posts it.
 */
export function NovelOrder({
  action,
  page,
  listId,
  back,
  novels,
  pick,
}: {
  action: string;
  /** This console page, which the 查找 form reloads with `?id=&pick=`. */
  page: string;
  listId: number;
  back: string;
  novels: Array<{ id: number; title: string; offShelf: boolean }>;
  pick: Pick;
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
            <OrderActions
              action={action}
              fields={{ id: listId, novel_id: n.id }}
              index={i}
              count={novels.length}
              title={n.title}
              back={back}
            />
          </li>
        ))}
      </ol>
      <form method="get" action={page} className="item actions">
        <input type="hidden" name="id" value={listId} />
        <label>
          {S.novelId} <input name="pick" type="number" min={1} step={1} required inputMode="numeric" />
        </label>
        <button type="submit" className="secondary">
          {S.findNovel}
        </button>
      </form>
      {pick && 'error' in pick ? (
        <p className="flash flash-err" role="alert">
          {pick.error}
        </p>
      ) : null}
      {pick && 'novel' in pick ? (
        <div className="item actions" data-testid="pick">
          <form method="post" action={action}>
            <input type="hidden" name="op" value="add" />
            <input type="hidden" name="id" value={listId} />
            <input type="hidden" name="novel_id" value={pick.novel.id} />
            <input type="hidden" name="back" value={back} />
            <button type="submit">{S.confirmAdd(pick.novel.title)}</button>
          </form>
          <a href={back}>{S.cancel}</a>
        </div>
      ) : null}
    </>
  );
}

/** A per-language surface's heading: its title, the surface tabs and the language tabs. */
export function SurfaceHeader({ surface, lang }: { surface: Exclude<Surface, 'layouts'>; lang: number }) {
  return (
    <>
      <h1>{S.sections[surface].title}</h1>
      <SurfaceTabs current={surface} />
      <LangTabs base={`/admin/storefront/${surface}`} lang={lang} />
    </>
  );
}

/** Which list page a form belongs to: its console action, its surface and the language shown. */
type ListPage = { action: string; surface: Surface; lang: number };

/** 删除 for a whole carousel or list; afterwards the page shows the lists of its language. */
export function DeleteListButton({ action, surface, lang, id, label }: ListPage & { id: number; label: string }) {
  const back = `/admin/storefront/${surface}?lang=${lang}`;
  return (
    <div className="actions">
      <OpButton action={action} fields={{ op: 'delete', id, back }} label={label} danger />
    </div>
  );
}

/** A new carousel or list in the page's language: its name, then what `children` adds (slug, kind, description). */
export function CreateListForm({
  action,
  surface,
  lang,
  nameLabel = S.listName,
  submit,
  children,
}: ListPage & { nameLabel?: string; submit: string; children: React.ReactNode }) {
  return (
    <>
      <h2>{submit}</h2>
      <form method="post" action={action} className="item compose">
        <input type="hidden" name="op" value="create" />
        <input type="hidden" name="language_type" value={lang} />
        <input type="hidden" name="back" value={`/admin/storefront/${surface}?lang=${lang}`} />
        <label>
          {nameLabel} <input name="name" required maxLength={64} />
        </label>
        {children}
        <button type="submit">{submit}</button>
      </form>
    </>
  );
}

/** A new carousel's or list's slug (how the storefront code names it) and kind (text or audio). */
export function SlugAndReadType() {
  return (
    <>
      <label>
        {S.listSlug} <input name="slug" required pattern="[a-z_]{2,32}" maxLength={32} autoCapitalize="none" spellCheck={false} />
      </label>
      <label>
        {S.readTypeNames[1]}/{S.readTypeNames[2]}
        <select name="read_type" defaultValue="1">
          <option value="1">{S.readTypeNames[1]}</option>
          <option value="2">{S.readTypeNames[2]}</option>
        </select>
      </label>
    </>
  );
}
