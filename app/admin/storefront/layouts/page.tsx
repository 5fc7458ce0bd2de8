import type { Metadata } from 'next';
import { readId, readLang } from '@/lib/shared/page-params';
import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { BLOCK_KINDS, consoleLayout, consoleLayoutPages } from '@/lib/server/staff/storefront/layouts';
import { ConsoleShell, type SearchParams } from '../../_components/shell';
import { LangTabs, OrderActions, SurfaceTabs } from '../_components/parts';

export const metadata: Metadata = { title: S.sections.layouts.title };

const ACTION = '/admin/actions/storefront/layouts';

type Layout = NonNullable<Awaited<ReturnType<typeof consoleLayout>>>;
type Block = Layout['blocks'][number];

/** Kind, title and what the block shows: one select holding lists, carousels and rankings of the language. */
function BlockFields({ layout, block }: { layout: Layout; block?: Block }) {
  const target = block?.listId
    ? `l:${block.listId}`
    : block?.richListId
      ? `c:${block.richListId}`
      : block?.rankingId
        ? `r:${block.rankingId}`
        : '';
  return (
    <>
      <label>
        {S.blockKind}
        <select name="kind" defaultValue={block?.kind ?? 'list'}>
          {BLOCK_KINDS.map((k) => (
            <option key={k} value={k}>
              {S.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {S.blockTitle} <input name="title" required maxLength={64} defaultValue={block?.title} />
      </label>
      <label>
        {S.blockTarget}
        <select name="target" defaultValue={target}>
          <option value="">{`${S.none} · ${S.kinds.categories} / ${S.sharedCarousel}`}</option>
          <optgroup label={`${S.kinds.list} / ${S.kinds.grid}`}>
            {layout.lists.map((l) => (
              <option key={`l${l.id}`} value={`l:${l.id}`}>{`${l.name} (${l.slug}) #${l.id}`}</option>
            ))}
          </optgroup>
          <optgroup label={S.kinds.carousel}>
            {layout.carousels.map((c) => (
              <option key={`c${c.id}`} value={`c:${c.id}`}>{`${c.name} (${c.slug}) #${c.id}`}</option>
            ))}
          </optgroup>
          <optgroup label={S.kinds.ranking}>
            {layout.rankings.map((r) => (
              <option key={`r${r.id}`} value={`r:${r.id}`}>{`${r.name} (${r.slug}) #${r.id}`}</option>
            ))}
          </optgroup>
        </select>
      </label>
    </>
  );
}

// /admin/storefront/layouts?page=&lang=: one channel page (男生 / 女生) in one language — its name, its blocks in
// order with what each shows, add / edit / move / delete (docs/storefront.md "Home layouts").
export default async function StorefrontLayoutsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('storefront');
  const query = await searchParams;
  const flash = readFlash(query);
  const lang = readLang(query.lang);
  const pages = await consoleLayoutPages();
  const pageId = readId(query.page) ?? pages[0]?.id;
  const layout = pageId ? await consoleLayout(pageId, lang) : null;
  const back = layout ? `/admin/storefront/layouts?page=${layout.page.id}&lang=${lang}` : '/admin/storefront/layouts';
  const nameOf = (b: Block) =>
    b.listId
      ? layout?.lists.find((l) => l.id === b.listId)?.name
      : b.richListId
        ? layout?.carousels.find((c) => c.id === b.richListId)?.name
        : b.rankingId
          ? layout?.rankings.find((r) => r.id === b.rankingId)?.name
          : b.kind === 'carousel'
            ? S.sharedCarousel
            : '';
  return (
    <ConsoleShell staff={staff} current="storefront" flash={flash}>
      <h1>{S.sections.layouts.title}</h1>
      <SurfaceTabs current="layouts" />
      <nav className="tabs" aria-label={S.pageTitle}>
        {pages.map((p) => (
          <a key={p.id} href={`/admin/storefront/layouts?page=${p.id}&lang=${lang}`} aria-current={p.id === pageId ? 'page' : undefined}>
            {p.title}
          </a>
        ))}
      </nav>
      {layout ? (
        <>
          <LangTabs base="/admin/storefront/layouts" lang={lang} extra={`&page=${layout.page.id}`} />
          <form method="post" action={ACTION} className="item actions">
            <input type="hidden" name="op" value="page" />
            <input type="hidden" name="page_id" value={layout.page.id} />
            <input type="hidden" name="back" value={back} />
            <label>
              {S.pageTitle} <input name="title" required maxLength={32} defaultValue={layout.page.title} />
            </label>
            <label>
              {S.pageSort} <input name="sort" type="number" min={0} max={100000} step={1} required defaultValue={layout.page.sort} />
            </label>
            <span className="meta">{S.genderNames[layout.page.gender]}</span>
            <button type="submit">{S.save}</button>
          </form>
          {layout.blocks.length ? null : <p className="meta">{S.empty}</p>}
          <ol className="stack">
            {layout.blocks.map((b, i) => (
              <li key={b.id} className="item" data-testid={`block-${b.id}`}>
                <div className="meta">
                  <strong>{b.title}</strong>
                  <span>{S.kinds[b.kind] ?? b.kind}</span>
                  <span>{nameOf(b)}</span>
                </div>
                <details>
                  <summary>{S.save}</summary>
                  <form method="post" action={ACTION} className="compose">
                    <input type="hidden" name="op" value="update" />
                    <input type="hidden" name="block_id" value={b.id} />
                    <input type="hidden" name="back" value={back} />
                    <BlockFields layout={layout} block={b} />
                    <button type="submit">{S.save}</button>
                  </form>
                </details>
                <OrderActions
                  action={ACTION}
                  fields={{ block_id: b.id }}
                  index={i}
                  count={layout.blocks.length}
                  title={b.title}
                  back={back}
                />
              </li>
            ))}
          </ol>
          <h2>{S.addBlock}</h2>
          <form method="post" action={ACTION} className="item compose">
            <input type="hidden" name="op" value="add" />
            <input type="hidden" name="page_id" value={layout.page.id} />
            <input type="hidden" name="language_type" value={lang} />
            <input type="hidden" name="back" value={back} />
            <BlockFields layout={layout} />
            <button type="submit">{S.addBlock}</button>
          </form>
        </>
      ) : (
        <p className="meta">{S.empty}</p>
      )}
    </ConsoleShell>
  );
}
