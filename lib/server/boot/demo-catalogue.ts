import 'server-only';
import { deployedLook } from '../core/demo-switches';

/**
 * Whether an empty database gets the demo catalogue at start-up (docs/deploy.md "First start"). The 211 demo novels
 * and their simulated readers, who pay through the real wallet, are for `npm start` on one person's machine: a
 * deployment starts empty and staff put the real catalogue in through the console. `DEMO_CATALOGUE` decides when set;
 * unset, the demo is written only where the server does not look deployed (DEPLOY=1, or a public SITE_URL).
 */
export function demoCatalogueWanted(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): boolean {
  const set = env.DEMO_CATALOGUE;
  if (set === '1') return true;
  if (set === '0') return false;
  // A typo must not seed a production database with simulated readers, nor leave a laptop's demo silently empty.
  if (set !== undefined && set !== '') throw new Error(`DEMO_CATALOGUE must be 1 or 0, not "${set}"`);
  return deployedLook(env) === null;
}
