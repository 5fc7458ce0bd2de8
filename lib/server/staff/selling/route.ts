import 'server-only';
import type { SellingConsoleForm } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { invalid } from '../../core/errors';
import type { StaffActor } from '../../core/actor';
import type { SellingForm } from './common';

type Save = (actor: StaffActor, form: SellingForm) => Promise<string>;
type Edit = (actor: StaffActor, id: number, form: SellingForm) => Promise<string>;
type Toggle = (actor: StaffActor, id: number, active: boolean) => Promise<string>;

/** The create / update / toggle dispatch the four selling routes share; each service checks the role itself. */
export function sellingHandler(create: Save, update: Edit, toggle: Toggle) {
  return async ({ form, actor }: { form: SellingConsoleForm; actor: StaffActor }): Promise<string> => {
    const T = SELLING_TEXT;
    // The id is the dispatch's (a number once parsed); every other field is a string, as SellingForm says.
    const { id, ...rest } = form;
    const fields: SellingForm = rest;
    if (form.op === 'create') return T.created(await create(actor, fields));
    if (id === undefined) throw invalid(T.err.notFound);
    if (form.op === 'update') return T.saved(await update(actor, id, fields));
    if (form.op === 'toggle') {
      const active = fields.active === '1';
      if (!active && fields.active !== '0') throw invalid(T.err.invalidChoice);
      return T.toggled(await toggle(actor, id, active), active);
    }
    throw invalid(T.err.invalidChoice);
  };
}
