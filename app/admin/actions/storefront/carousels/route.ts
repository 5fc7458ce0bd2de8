import { storefrontCarouselsForm } from '@/lib/shared/schemas/storefront';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import {
  addCarouselItem,
  createCarousel,
  deleteCarousel,
  moveCarouselItem,
  removeCarouselItem,
  updateCarouselItem,
} from '@/lib/server/staff/storefront/carousels';

// POST /admin/actions/storefront/carousels {op: create|delete|add|update|move|remove, …}: carousels and banners
// (docs/storefront.md "Carousels").
export const POST = withConsoleForm('storefront', storefrontCarouselsForm, async ({ form, actor }) => {
  if (form.op === 'create')
    return createCarousel(actor, { name: form.name, slug: form.slug, languageType: form.language_type, readType: form.read_type });
  if (form.op === 'delete') return deleteCarousel(actor, form.id);
  if (form.op === 'move') return moveCarouselItem(actor, form.item_id, form.dir);
  if (form.op === 'remove') return removeCarouselItem(actor, form.item_id);
  const input = { title: form.title, banner: form.banner, summary: form.summary, link: form.link, novelId: form.novel_id };
  if (form.op === 'add') return addCarouselItem(actor, form.id, input);
  return updateCarouselItem(actor, form.item_id, input);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
