import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { activityForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { setLotteryBudget, setMallStock, updatePrize } from '@/lib/server/staff/activity';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/activity {op: prize|budget|mall_stock, …}: the wheel's prizes and budget, the coupon mall's
// stock (docs/activity-wheel.md "Console").
export const POST = withConsoleForm('activity', activityForm, async ({ form, actor }) => {
  const A = CONSOLE_TEXT.activity;
  if (form.op === 'prize') {
    const name = await updatePrize(actor, form.id, {
      weight: form.weight,
      dailyStock: form.daily_stock,
      cost: form.cost,
      active: form.active === 'on',
    });
    return A.prizeSaved(name);
  }
  if (form.op === 'budget') return A.budgetSaved(await setLotteryBudget(actor, form.budget));
  await setMallStock(actor, form.id, form.mall_stock);
  return A.stockSaved;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
