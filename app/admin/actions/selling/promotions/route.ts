import { sellingConsoleForm } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { createPromotion, setPromotionActive, setPromotionPopup, updatePromotion } from '@/lib/server/staff/selling/promotions';
import { sellingHandler } from '@/lib/server/staff/selling/route';

const edit = sellingHandler(createPromotion, updatePromotion, setPromotionActive);

// POST /admin/actions/selling/promotions {op: create|update|toggle|popup, …}: promotions and the home popup, audited
// (docs/selling.md "Promotions"). op=popup without an id switches the popup off.
export const POST = withConsoleForm('selling', sellingConsoleForm, async (ctx) => {
  if (ctx.form.op !== 'popup') return edit(ctx);
  return SELLING_TEXT.popupSaved(await setPromotionPopup(ctx.actor, ctx.form.id ?? null));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
