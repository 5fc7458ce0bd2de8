import 'server-only';
import { eq } from 'drizzle-orm';
import { LOTTERY_BUDGET_CONFIG_KEY, LOTTERY_DAILY_BUDGET_DEFAULT } from '@/lib/shared/activity';
import type { DbOrTx } from '../db/client';
import { configFlags } from '../db/schema';

/**
 * What the wheel may give away per business day, in coin units (docs/activity-wheel.md "Budget"): the staff's
 * value in config_flags, else the published default. A malformed stored value counts as the default.
 */
export async function lotteryBudget(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: configFlags.value }).from(configFlags).where(eq(configFlags.key, LOTTERY_BUDGET_CONFIG_KEY));
  const value = row?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : LOTTERY_DAILY_BUDGET_DEFAULT;
}
