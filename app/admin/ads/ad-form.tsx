import { AD_AUDIENCES, AD_BRANDS, AD_PLACEMENTS } from '@/lib/shared/ads';
import { businessDateTimeLocal } from '@/lib/shared/business-time';
import { ADS_CONSOLE as C } from '@/lib/shared/ads-text';
import type { AdRow } from '@/lib/server/staff/ads';
import { AD_CAP_MAX, AD_WEIGHT_MAX } from '@/lib/server/staff/ads';
import { CountField } from '../_components/count-field';

const BACK = '/admin/ads';

/** Business time 'YYYY-MM-DDTHH:mm' for a datetime-local field. */
const local = businessDateTimeLocal;

function Choice({ label, name, value, options }: { label: string; name: string; value: string; options: Record<string, string> }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        {Object.entries(options).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One ad's fields as a plain form post: create when `ad` is absent, else update (docs/ads.md "Console"). */
export function AdForm({ ad }: { ad?: AdRow }) {
  const any = { '': C.any };
  return (
    <form method="post" action="/admin/actions/ads" className="filters ad-form">
      <input type="hidden" name="op" value={ad ? 'update' : 'create'} />
      {ad ? <input type="hidden" name="id" value={ad.id} /> : null}
      <input type="hidden" name="back" value={BACK} />
      <Choice
        label={C.placement}
        name="placement"
        value={ad?.placement ?? 'home_carousel'}
        options={Object.fromEntries(AD_PLACEMENTS.map((p) => [p, C.placements[p]!]))}
      />
      <label>
        {C.title}
        <input name="title" required maxLength={64} defaultValue={ad?.title ?? ''} />
      </label>
      <label>
        {C.body}
        <input name="body" maxLength={200} defaultValue={ad?.body ?? ''} />
      </label>
      <label>
        {C.image}
        <input name="image" required maxLength={500} defaultValue={ad?.image ?? '/promo/ad-vip.svg'} />
      </label>
      <label>
        {C.link}
        <input name="link" required maxLength={500} defaultValue={ad?.link ?? ''} />
      </label>
      <Choice label={C.languageType} name="language_type" value={ad?.languageType?.toString() ?? ''} options={{ ...any, ...C.languages }} />
      <Choice label={C.channel} name="channel" value={ad?.channel?.toString() ?? ''} options={{ ...any, ...C.channels }} />
      <Choice
        label={C.audience}
        name="audience"
        value={ad?.audience ?? 'all'}
        options={Object.fromEntries(AD_AUDIENCES.map((a) => [a, C.audiences[a]!]))}
      />
      <Choice
        label={C.brand}
        name="brand"
        value={ad?.brand ?? 'all'}
        options={Object.fromEntries(AD_BRANDS.map((b) => [b, C.brands[b]!]))}
      />
      <label>
        {C.startsAt}
        <input type="datetime-local" name="starts_at" defaultValue={local(ad?.startsAt ?? null)} />
      </label>
      <label>
        {C.endsAt}
        <input type="datetime-local" name="ends_at" defaultValue={local(ad?.endsAt ?? null)} />
      </label>
      <CountField label={C.dailyCap} name="daily_cap" min={1} max={AD_CAP_MAX} placeholder={C.noCap} defaultValue={ad?.dailyCap ?? ''} />
      <CountField label={C.weight} name="weight" min={1} max={AD_WEIGHT_MAX} required defaultValue={ad?.weight ?? 1} />
      <label className="check">
        <input type="checkbox" name="bonus_hunter_only" defaultChecked={ad?.bonusHunterOnly ?? false} />
        {C.bonusHunter}
      </label>
      <label className="check">
        <input type="checkbox" name="active" defaultChecked={ad?.active ?? true} />
        {C.active}
      </label>
      <button type="submit" aria-label={ad ? `${C.save} ${ad.title}` : C.create}>
        {ad ? C.save : C.create}
      </button>
    </form>
  );
}
