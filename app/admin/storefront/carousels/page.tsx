import type { Metadata } from 'next';
import { readId, readLang } from '@/lib/shared/page-params';
import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { consoleCarousel, consoleCarousels } from '@/lib/server/staff/storefront/carousels';
import { ConsoleShell, type SearchParams } from '../../_components/shell';
import { CreateListForm, DeleteListButton, OrderActions, SlugAndReadType, SurfaceHeader } from '../_components/parts';

export const metadata: Metadata = { title: S.sections.carousels.title };

const ACTION = '/admin/actions/storefront/carousels';

type Item = NonNullable<Awaited<ReturnType<typeof consoleCarousel>>>['items'][number]['item'];

/** A slide's fields, empty for a new one. */
function ItemFields({ item }: { item?: Item }) {
  return (
    <>
      <label>
        {S.itemTitle} <input name="title" required maxLength={128} defaultValue={item?.title} />
      </label>
      <label>
        {S.itemBanner}{' '}
        <input name="banner" required maxLength={500} defaultValue={item?.banner ?? ''} autoCapitalize="none" spellCheck={false} />
      </label>
      <label>
        {S.itemSummary} <input name="summary" maxLength={200} defaultValue={item?.summary} />
      </label>
      <label>
        {S.itemLink} <input name="link" maxLength={500} defaultValue={item?.link ?? ''} autoCapitalize="none" spellCheck={false} />
      </label>
      <label>
        {S.itemNovel} <input name="novel_id" type="number" min={1} step={1} inputMode="numeric" defaultValue={item?.novelId ?? ''} />
      </label>
    </>
  );
}

// /admin/storefront/carousels?lang=&id=: the carousels (rich lists) of one language and one carousel's slides in
// order (docs/storefront.md "Carousels").
export default async function StorefrontCarouselsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('storefront');
  const query = await searchParams;
  const flash = readFlash(query);
  const id = readId(query.id);
  const one = id ? await consoleCarousel(id) : null;
  const lang = one ? one.list.languageType : readLang(query.lang);
  const all = await consoleCarousels(lang);
  const back = one ? `/admin/storefront/carousels?id=${one.list.id}` : `/admin/storefront/carousels?lang=${lang}`;
  return (
    <ConsoleShell staff={staff} current="storefront" flash={flash}>
      <SurfaceHeader surface="carousels" lang={lang} />
      {one ? (
        <section aria-labelledby="carousel-heading">
          <h2 id="carousel-heading">
            {one.list.name} <span className="meta">{`${one.list.slug} · ${S.readTypeNames[one.list.readType]}`}</span>
          </h2>
          {one.items.length ? null : <p className="meta">{S.empty}</p>}
          <ol className="stack">
            {one.items.map(({ item, novelTitle, offShelf }, i) => (
              <li key={item.id} className="item" data-testid={`slide-${item.id}`}>
                <div className="meta">
                  {item.banner ? <img src={item.banner} alt="" width={96} height={40} /> : null}
                  <strong>{item.title}</strong>
                  {novelTitle ? <span>{`《${novelTitle}》#${item.novelId}`}</span> : null}
                  {offShelf ? <span className="badge">{S.offShelfBadge}</span> : null}
                  <span>{item.link}</span>
                </div>
                <details>
                  <summary>{S.save}</summary>
                  <form method="post" action={ACTION} className="compose">
                    <input type="hidden" name="op" value="update" />
                    <input type="hidden" name="item_id" value={item.id} />
                    <input type="hidden" name="back" value={back} />
                    <ItemFields item={item} />
                    <button type="submit">{S.save}</button>
                  </form>
                </details>
                <OrderActions
                  action={ACTION}
                  fields={{ item_id: item.id }}
                  index={i}
                  count={one.items.length}
                  title={item.title}
                  back={back}
                />
              </li>
            ))}
          </ol>
          <h3>{S.addItem}</h3>
          <form method="post" action={ACTION} className="item compose">
            <input type="hidden" name="op" value="add" />
            <input type="hidden" name="id" value={one.list.id} />
            <input type="hidden" name="back" value={back} />
            <ItemFields />
            <button type="submit">{S.addItem}</button>
          </form>
          <DeleteListButton action={ACTION} surface="carousels" id={one.list.id} lang={lang} label={S.deleteCarousel} />
        </section>
      ) : null}
      <h2>{S.sections.carousels.title}</h2>
      <ul className="stack">
        {all.map((c) => (
          <li key={c.id}>
            <a href={`/admin/storefront/carousels?id=${c.id}`}>{c.name}</a>{' '}
            <span className="meta">{`${c.slug} · ${S.readTypeNames[c.readType]} (${c.count})`}</span>
          </li>
        ))}
      </ul>
      <CreateListForm action={ACTION} surface="carousels" lang={lang} nameLabel={S.carouselName} submit={S.createCarousel}>
        <SlugAndReadType />
      </CreateListForm>
    </ConsoleShell>
  );
}
