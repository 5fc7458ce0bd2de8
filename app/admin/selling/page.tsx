import type { Metadata } from 'next';
import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { SELLING_TEXT as T } from '@/lib/shared/selling-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { listConsoleGifts } from '@/lib/server/staff/selling/gifts';
import { listConsoleProducts } from '@/lib/server/staff/selling/products';
import { currentPopup, listConsolePromotions } from '@/lib/server/staff/selling/promotions';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';
import { GiftForm, PromotionForm, SELLING_BACK, ToggleForm } from './forms';

export const metadata: Metadata = { title: CONSOLE_TEXT.nav.selling };

const PROMOS = '/admin/actions/selling/promotions';

// /admin/selling: promotions with their schedule and popup look, the home popup's choice, and the tip gifts
// (docs/selling.md). Admins and editors (`selling`).
export default async function SellingPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('selling');
  const flash = readFlash(await searchParams);
  const [promos, products, popup, gifts] = await Promise.all([
    listConsolePromotions(),
    listConsoleProducts(),
    currentPopup(),
    listConsoleGifts(),
  ]);
  const onSale = products.filter((p) => p.active);
  const popupPromo = promos.find((p) => p.id === popup?.promotion_id) ?? null;
  return (
    <ConsoleShell staff={staff} current="selling" flash={flash}>
      <h1>{T.heading}</h1>

      <h2>{T.popupHeading}</h2>
      <p className="meta">{T.popupNote}</p>
      <p data-testid="popup-current">{T.popupCurrent(popupPromo?.title ?? null)}</p>
      <form method="post" action={PROMOS} className="filters">
        <input type="hidden" name="op" value="popup" />
        <input type="hidden" name="back" value={SELLING_BACK} />
        <label>
          {T.popupHeading}
          <select name="id" defaultValue={popupPromo?.id ?? ''}>
            <option value="">{T.popupOff}</option>
            {promos
              .filter((p) => p.active)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  #{p.id} {p.title}
                </option>
              ))}
          </select>
        </label>
        <button type="submit">{T.save}</button>
      </form>

      <h2>{T.promotionsHeading}</h2>
      <details>
        <summary>{T.create}</summary>
        <PromotionForm products={onSale} />
      </details>
      {promos.map((pr) => (
        <article className="item" key={pr.id} data-testid={`promotion-${pr.id}`}>
          <div className="meta">
            <strong>
              #{pr.id} {pr.title}
            </strong>
            <span>{pr.productName}</span>
            <span className="badge">{pr.active ? T.active : T.inactive}</span>
            <span>
              {formatTime(pr.startsAt)} – {formatTime(pr.endsAt)}
            </span>
          </div>
          <details>
            <summary>{T.edit}</summary>
            <PromotionForm
              pr={pr}
              products={onSale.some((p) => p.id === pr.productId) ? onSale : [...onSale, ...products.filter((p) => p.id === pr.productId)]}
            />
          </details>
          <ToggleForm action={PROMOS} id={pr.id} active={pr.active} name={pr.title} back={SELLING_BACK} />
        </article>
      ))}

      <h2>{T.giftsHeading}</h2>
      <details>
        <summary>{T.create}</summary>
        <GiftForm />
      </details>
      {gifts.map((g) => (
        <article className="item" key={g.id} data-testid={`gift-${g.id}`}>
          <div className="meta">
            <strong>
              #{g.id} {g.title}
            </strong>
            <span>{T.languages[String(g.languageType)] ?? g.languageType}</span>
            <span>{g.isFree ? T.f.isFree : T.coins(g.wealth)}</span>
            <span className="badge">{g.active ? T.active : T.inactive}</span>
          </div>
          <details>
            <summary>{T.edit}</summary>
            <GiftForm g={g} />
          </details>
          <ToggleForm action="/admin/actions/selling/gifts" id={g.id} active={g.active} name={g.title} back={SELLING_BACK} />
        </article>
      ))}
    </ConsoleShell>
  );
}
