import { ADS_CONSOLE as C } from '@/lib/shared/ads-text';
import { adsConsoleForm } from '@/lib/shared/schemas/ads';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { createAd, setAdActive, updateAd, type AdForm } from '@/lib/server/staff/ads';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/ads {op: create|update|toggle, …}: staff's ads, each write audited and the static files
// regenerated in the same transaction (docs/ads.md "Console").
export const POST = withConsoleForm('ads', adsConsoleForm, async ({ form, actor }) => {
  if (form.op === 'toggle') {
    const active = form.active === '1';
    return C.toggled(await setAdActive(actor, form.id, active), active);
  }
  const fields: AdForm = {
    placement: form.placement,
    title: form.title,
    body: form.body,
    image: form.image,
    link: form.link,
    language_type: form.language_type,
    channel: form.channel,
    audience: form.audience,
    bonus_hunter_only: form.bonus_hunter_only === 'on',
    brand: form.brand,
    starts_at: form.starts_at,
    ends_at: form.ends_at,
    daily_cap: form.daily_cap,
    weight: form.weight,
    active: form.active === 'on',
  };
  if (form.op === 'create') return C.created((await createAd(actor, fields)).title);
  return C.saved(await updateAd(actor, form.id, fields));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
