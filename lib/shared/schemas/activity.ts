import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';

const actionIdText = 'action_id 格式不正确';

/**
 * POST /v1/activity/missionComplete and /missionBonus (docs/activity.md "Calls"): the mission's own code
 * (`action_id`, as missionsList shows it) or its id (`mission_id`); one of the two.
 */
export const missionBody = z
  .object({
    action_id: z
      .string({ error: actionIdText })
      .min(1, { error: actionIdText })
      .max(32, { error: actionIdText })
      .regex(/^[A-Za-z0-9_]+$/, { error: actionIdText })
      .optional(),
    mission_id: idSchema.optional(),
  })
  .refine((b) => b.action_id !== undefined || b.mission_id !== undefined, { error: '请指定任务' });

const keysText = 'keys 须为1到10个惊喜名称';

/** POST /v1/surprise {keys, environment}: which keys exist is the service's to say, naming the unknown one. */
export const surpriseBody = z.object({
  keys: z
    .array(z.string({ error: keysText }).min(1, { error: keysText }).max(32, { error: keysText }), { error: keysText })
    .min(1, { error: keysText })
    .max(10, { error: keysText }),
  environment: z.string({ error: 'environment 格式不正确' }).max(32, { error: 'environment 过长' }).optional(),
});
