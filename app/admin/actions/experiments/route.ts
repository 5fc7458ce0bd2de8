import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { experimentsForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { createExperiment, setExperimentStatus, updateVariants } from '@/lib/server/staff/experiments';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/experiments {op: create|variants|start|stop, …} (docs/experiments.md "Console").
export const POST = withConsoleForm('experiments', experimentsForm, async ({ form, actor }) => {
  const E = CONSOLE_TEXT.experiments;
  if (form.op === 'create') return E.created(await createExperiment(actor, form));
  if (form.op === 'variants') return E.saved(await updateVariants(actor, form.id, form.variants));
  if (form.op === 'start') return E.started(await setExperimentStatus(actor, form.id, 'running'));
  return E.stoppedMsg(await setExperimentStatus(actor, form.id, 'stopped'));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
