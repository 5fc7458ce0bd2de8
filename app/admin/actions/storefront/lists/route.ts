import { storefrontListsForm } from '@/lib/shared/schemas/storefront';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { createList, deleteList, editListNovels, renameList } from '@/lib/server/staff/storefront/lists';

// POST /admin/actions/storefront/lists {op: create|rename|delete|add|remove|move, …}: curated lists (docs/storefront.md "Lists").
export const POST = withConsoleForm('storefront', storefrontListsForm, async ({ form, actor }) => {
  if (form.op === 'create')
    return createList(actor, {
      name: form.name,
      slug: form.slug,
      languageType: form.language_type,
      readType: form.read_type,
      gender: form.gender ? Number(form.gender) : null,
    });
  if (form.op === 'rename') return renameList(actor, form.id, form.name);
  if (form.op === 'delete') return deleteList(actor, form.id);
  if (form.op === 'move') return editListNovels(actor, form.id, { op: 'move', novelId: form.novel_id, dir: form.dir });
  return editListNovels(actor, form.id, { op: form.op, novelId: form.novel_id });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
