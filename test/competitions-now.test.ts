import { useTestDatabase } from './db';
import { competitions } from '@/lib/server/db/schema';
import { getDb } from '@/lib/server/db/client';
import { listCompetitionsAround } from '@/lib/server/wallet/competitions-now';

// 活动中心's competitions (docs/activity-pages.md "Activity centre"): this language's or every language's, from a month
// before they start to a week after they end, the latest to start first, at most three; inactive ones never.
useTestDatabase();

const DAY = 24 * 3600 * 1000;
const NOW = new Date('2026-11-24T04:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

beforeAll(async () => {
  await getDb()
    .insert(competitions)
    .values([
      { name: '进行中·全站', startsAt: at(-10), endsAt: at(10), active: true, languageType: null },
      { name: '即将开始·中文', startsAt: at(20), endsAt: at(50), active: true, languageType: 1 },
      { name: '刚结束·中文', startsAt: at(-40), endsAt: at(-3), active: true, languageType: 1 },
      { name: '早已结束', startsAt: at(-60), endsAt: at(-8), active: true, languageType: 1 },
      { name: '太远的将来', startsAt: at(31), endsAt: at(60), active: true, languageType: 1 },
      { name: '维吾尔文', startsAt: at(-1), endsAt: at(5), active: true, languageType: 0 },
      { name: '停用', startsAt: at(-1), endsAt: at(5), active: false, languageType: 1 },
    ]);
});

it('lists the running, coming and just-ended competitions of the language, latest start first', async () => {
  const list = await listCompetitionsAround(1, NOW);
  expect(list.map((c) => c.name)).toEqual(['即将开始·中文', '进行中·全站', '刚结束·中文']);
  expect(list[1]).toMatchObject({ starts_at: at(-10).toISOString(), ends_at: at(10).toISOString(), language_type: null });
});

it('another language sees its own and the all-language ones', async () => {
  const list = await listCompetitionsAround(0, NOW);
  expect(list.map((c) => c.name)).toEqual(['维吾尔文', '进行中·全站']);
});
