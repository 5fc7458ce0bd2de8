import fs from 'node:fs';

/**
 * The databases test/db-template-setup.mjs builds once per Jest run; each test file copies one instead of migrating
 * (and seeding) its own (docs/development.md "Test databases").
 */
export type TestDbTemplate =
  | { driver: 'pglite'; plain: string; seeded: string; dir: string }
  /** `base`: the prefix of every database of the run (test/db-keeper.mjs); the templates are `<base>_migrated`, `<base>_seeded`. */
  | { driver: 'postgres'; url: string; base: string; plain: string; seeded: string };

export const TEMPLATE_ENV = 'SHUSHENG_TEST_DB_TEMPLATE';

/** The run's template when it fits the database this process tests on, else undefined (migrate from scratch). */
export function testDbTemplate(): TestDbTemplate | undefined {
  const raw = process.env[TEMPLATE_ENV];
  if (!raw) return undefined;
  const template = JSON.parse(raw) as TestDbTemplate;
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (template.driver === 'postgres' ? template.url !== url : url !== undefined) return undefined;
  if (template.driver === 'pglite' && !fs.existsSync(template.seeded)) return undefined;
  return template;
}
