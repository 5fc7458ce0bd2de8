import { storefrontLayoutsForm } from '@/lib/shared/schemas/storefront';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import {
  addLayoutBlock,
  moveLayoutBlock,
  removeLayoutBlock,
  updateLayoutBlock,
  updateLayoutPage,
} from '@/lib/server/staff/storefront/layouts';

// POST /admin/actions/storefront/layouts {op: page|add|update|move|remove, …}: home layouts per channel and
// language (docs/storefront.md "Home layouts").
export const POST = withConsoleForm('storefront', storefrontLayoutsForm, async ({ form, actor }) => {
  if (form.op === 'page') return updateLayoutPage(actor, form.page_id, { title: form.title, sort: form.sort });
  if (form.op === 'move') return moveLayoutBlock(actor, form.block_id, form.dir);
  if (form.op === 'remove') return removeLayoutBlock(actor, form.block_id);
  const input = { kind: form.kind, title: form.title, target: form.target };
  if (form.op === 'add') return addLayoutBlock(actor, form.page_id, form.language_type, input);
  return updateLayoutBlock(actor, form.block_id, input);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
