import { storefrontBookListsForm } from '@/lib/shared/schemas/storefront';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { createBookList, deleteBookList, editBookListNovels, updateBookList } from '@/lib/server/staff/storefront/lists';

// POST /admin/actions/storefront/booklists {op: create|update|delete|add|remove|move, …}: 书单 (docs/storefront.md "Book lists").
export const POST = withConsoleForm('storefront', storefrontBookListsForm, async ({ form, actor }) => {
  if (form.op === 'create')
    return createBookList(actor, { name: form.name, description: form.description, languageType: form.language_type });
  if (form.op === 'update') return updateBookList(actor, form.id, { name: form.name, description: form.description });
  if (form.op === 'delete') return deleteBookList(actor, form.id);
  if (form.op === 'move') return editBookListNovels(actor, form.id, { op: 'move', novelId: form.novel_id, dir: form.dir });
  return editBookListNovels(actor, form.id, { op: form.op, novelId: form.novel_id });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
