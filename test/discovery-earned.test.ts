import { renderToStaticMarkup } from 'react-dom/server';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { getDb } from '@/lib/server/db/client';
import { chapterUnlocks, favorites, members, rankingItems, rankings, readLogs, tips, votes, walletAccounts } from '@/lib/server/db/schema';
import { getLayoutOrThrow } from '@/lib/server/catalog/layouts';
import { getRankingOrThrow, listRankings } from '@/lib/server/catalog/rankings';
import { SIM_READERS } from '@/lib/server/boot/seed/seed-activity';
import { DEMO_BONUS_HUNTER_PHONE } from '@/lib/server/boot/seed/seed-ads';
import { auditLedger } from '@/lib/server/wallet/audit';
import { revenueByMonth } from '@/lib/server/wallet/revenue';
import RanksPage from '@/app/m/(browse)/ranks/page';

// What the seeded demo shows (docs/rankings.md, docs/catalogue.md "Lists and home layouts"): rankings earned by the seed's
// simulated readers, the ranks page naming each ranking's period and metric, and two channels that differ.
jest.mock('next/server', () => ({ ...jest.requireActual<object>('next/server'), connection: async () => undefined }));
// A signed-out visitor's request: the page asks whose catalogue to show (docs/minors-mode.md "Only suitable novels").
jest.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));
jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  useRouter: () => ({ back: () => undefined, push: () => undefined, replace: () => undefined, prefetch: () => undefined }),
  usePathname: () => '/m/ranks',
  useSearchParams: () => new URLSearchParams(),
}));

useTestDatabase({ seed: true });

const page = async (tab: string) =>
  renderToStaticMarkup(await RanksPage({ searchParams: Promise.resolve({ tab, lang: '1' }) })).replace(/<!-- -->/g, '');

describe('the seed earns its rankings', () => {
  it('runs its simulated readers through the services: members, read logs, shelf adds and paid chapters', async () => {
    const d = getDb();
    const readers = Object.values(SIM_READERS).reduce((a, b) => a + b, 0);
    // The simulated readers, and the ads demo's one bonus_hunter member (lib/server/boot/seed/seed-ads.ts).
    expect(
      (
        await d
          .select({ n: sql<number>`count(*)::int` })
          .from(members)
          .where(sql`${members.phone} is distinct from ${DEMO_BONUS_HUNTER_PHONE}`)
      )[0]!.n,
    ).toBe(readers);
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n).toBe(readers + 1);
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(readLogs))[0]!.n).toBeGreaterThan(readers);
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(favorites))[0]!.n).toBeGreaterThan(10);
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(chapterUnlocks))[0]!.n).toBeGreaterThan(5);
  });

  it('every ranking was computed by the job, and the fixtures 1–6 that tests rely on are left alone', async () => {
    const all = await listRankings(null);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.every((r) => r.computed_at)).toBe(true);
    for (const slug of ['popular', 'monthly_sales', 'tickets', 'tips', 'new', 'finished', 'favorites', 'listen']) {
      expect((await getRankingOrThrow(slug, 1, 0, 5)).data.length).toBeGreaterThan(0);
    }
    const fixtures = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(readLogs)
      .where(inArray(readLogs.novelId, [1, 2, 3, 4, 5, 6]));
    expect(fixtures[0]!.n).toBe(0);
  });

  it('人气榜 scores are the distinct readers of each novel in the last 30 days', async () => {
    const d = getDb();
    const [popular] = await d.select().from(rankings).where(eq(rankings.slug, 'popular'));
    const [top] = await d
      .select()
      .from(rankingItems)
      .where(and(eq(rankingItems.rankingId, popular!.id), eq(rankingItems.rank, 1)));
    const [readers] = await d
      .select({ n: sql<number>`count(distinct ${readLogs.memberId})::int` })
      .from(readLogs)
      .where(and(eq(readLogs.novelId, top!.novelId), eq(readLogs.readType, 1), sql`${readLogs.readAt} >= now() - interval '30 days'`));
    expect(top!.score).toBe(readers!.n);
    expect(top!.score).toBeGreaterThan(1);
  });

  it('pays, tips and votes through the wallet: the ledger audit finds nothing wrong', async () => {
    const d = getDb();
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(tips))[0]!.n).toBeGreaterThan(5);
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(votes))[0]!.n).toBeGreaterThan(3);
    expect(await auditLedger()).toEqual([]);
  });

  it('畅销 and 打赏 scores equal what the ledger and the tips say for the window', async () => {
    const d = getDb();
    const [sales] = await d.select().from(rankings).where(eq(rankings.slug, 'monthly_sales'));
    const items = await d.select().from(rankingItems).where(eq(rankingItems.rankingId, sales!.id));
    expect(items.length).toBeGreaterThan(3);
    const revenue = await d.select().from(walletAccounts).where(like(walletAccounts.systemName, 'revenue:novel:%'));
    // All of the seed's spending falls in this month and the last 30 days: each score is the account's whole balance.
    // A novel's revenue account is split into shards (docs/wallet.md "System accounts"): its balance is their sum.
    const revenueOf = (novelId: number) =>
      revenue.filter((a) => a.systemName === `revenue:novel:${novelId}`).reduce((s, a) => s + a.balance, 0);
    for (const item of items) expect(item.score).toBe(revenueOf(item.novelId));
    const report = await revenueByMonth();
    expect(report.coins).toBe(items.reduce((s, i) => s + i.score, 0));
    const [gifts] = await d.select().from(rankings).where(eq(rankings.slug, 'tips'));
    const [top] = await d
      .select()
      .from(rankingItems)
      .where(and(eq(rankingItems.rankingId, gifts!.id), eq(rankingItems.rank, 1)));
    const [sum] = await d
      .select({ n: sql<number>`sum(${tips.wealthTotal})::int` })
      .from(tips)
      .where(eq(tips.novelId, top!.novelId));
    expect(top!.score).toBe(sum!.n);
  });
});

describe('/m/ranks names the ranking period and metric', () => {
  it.each([
    ['bestseller', '近7日书币消费'],
    ['monthly_sales', '近30日书币消费'],
    ['tickets', '本月月票'],
    ['popular', '近30日读者数'],
    ['favorites', '近30日加入书架人数'],
    ['tips', '近30日打赏书币'],
    ['new', '近30日新书'],
    ['finished', '完结作品'],
  ])('%s → %s', async (tab, text) => {
    const html = await page(tab);
    expect(html).toMatch(new RegExp(`data-testid="rank-basis">${text}[^<]* · 每10分钟更新<`));
    expect(html).toContain(`class="tab-link active" aria-current="page" href="/m/ranks?tab=${tab}&amp;lang=1"`);
  });

  it('an unknown tab shows the first ranking with its own basis', async () => {
    expect(await page('nope')).toContain('data-testid="rank-basis">近30日读者数 · 每10分钟更新<');
  });
});

describe('女生 and 男生 channels', () => {
  it('have their own carousel, first list and categories', async () => {
    const male = await getLayoutOrThrow(1, 1);
    const female = await getLayoutOrThrow(2, 1);
    const carousel = (l: typeof male) => l.blocks.find((b) => b.kind === 'carousel');
    const firstList = (l: typeof male) => l.blocks.find((b) => b.kind === 'list');
    const m = carousel(male);
    const f = carousel(female);
    if (m?.kind !== 'carousel' || f?.kind !== 'carousel') throw new Error('both channels have a carousel');
    expect(m.items.length).toBeGreaterThan(0);
    expect(f.items.length).toBeGreaterThan(0);
    const maleIds = m.items.map((i) => i.novel?.id);
    expect(f.items.map((i) => i.novel?.id).filter((id) => maleIds.includes(id))).toEqual([]);
    const ml = firstList(male);
    const fl = firstList(female);
    if (ml?.kind !== 'list' || fl?.kind !== 'list') throw new Error('both channels have a list');
    expect(ml.title).not.toBe(fl.title);
    expect(ml.list_id).not.toBe(fl.list_id);
    expect(ml.novels.every((n) => !fl.novels.some((o) => o.id === n.id))).toBe(true);
    const cats = (l: typeof male) => l.blocks.find((b) => b.kind === 'categories');
    const mc = cats(male);
    const fc = cats(female);
    if (mc?.kind !== 'categories' || fc?.kind !== 'categories') throw new Error('both channels have categories');
    expect(mc.categories.every((c) => c.gender === 1)).toBe(true);
    expect(fc.categories.every((c) => c.gender === 2)).toBe(true);
  });

  it('every language has both channels, each with a non-empty carousel', async () => {
    for (const lang of [0, 1, 2]) {
      for (const pageId of [1, 2]) {
        const layout = await getLayoutOrThrow(pageId, lang);
        const c = layout.blocks.find((b) => b.kind === 'carousel');
        expect(c?.kind === 'carousel' && c.items.length > 0).toBe(true);
      }
    }
  });
});
