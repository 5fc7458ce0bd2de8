import { asc, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { getDb, type Tx } from '@/lib/server/db/client';
import {
  authors,
  categories,
  chapters,
  competitions,
  favorites,
  gifts,
  ledgerTransactions,
  members,
  novels,
  rankingItems,
  rankings,
  readLogs,
  tips,
  votes,
} from '@/lib/server/db/schema';
import { recomputeRanking, recomputeRankings, windowStart } from '@/lib/server/catalog/rankings-job';
import { businessMonthStartOf } from '@/lib/shared/business-time';
import { getRankingOrThrow, listRankings } from '@/lib/server/catalog/rankings';
import { ensureMemberAccount, ensureSystemAccount } from '@/lib/server/wallet/accounts';
import { credit } from '@/lib/server/wallet/credit';
import { postMovement } from '@/lib/server/wallet/ledger';

// The rankings job (docs/rankings.md) on a small hand-made catalogue: every metric's order comes from rows written
// here, windows include their first instant and exclude the one before, off-shelf novels never rank.
useTestDatabase();
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY - ms);

type Key = 'a' | 'b' | 'c' | 'off' | 'done' | 'fresh' | 'old' | 'ug' | 'mute' | 'unread';
const N = {} as Record<Key, number>;
let m: number[] = [];
let ranking: Record<string, number> = {};

async function addNovel(key: Key, values: Partial<typeof novels.$inferInsert>, firstPublished = ago(90)): Promise<void> {
  const d = getDb();
  const [novel] = await d
    .insert(novels)
    .values({ title: key, authorId: 1, categoryId: 1, thumb: '', hasTts: true, ...values })
    .returning({ id: novels.id });
  const [chapter] = await d
    .insert(chapters)
    .values({ novelId: novel!.id, idx: 1, title: '第一章', content: '……', wordCount: 2, publishedAt: firstPublished })
    .returning({ id: chapters.id });
  await d.update(novels).set({ firstArticleId: chapter!.id, articleCount: 1 }).where(eq(novels.id, novel!.id));
  N[key] = novel!.id;
}

async function rows(slug: string): Promise<Array<[number, number]>> {
  const items = await getDb()
    .select({ novelId: rankingItems.novelId, score: rankingItems.score })
    .from(rankingItems)
    .where(eq(rankingItems.rankingId, ranking[slug]!))
    .orderBy(asc(rankingItems.rank));
  return items.map((i) => [i.novelId, i.score]);
}

async function recompute(slug: string, at = now): Promise<Array<[number, number]>> {
  const [r] = await getDb().select().from(rankings).where(eq(rankings.id, ranking[slug]!));
  await recomputeRanking(getDb(), r!, at);
  return rows(slug);
}

/** Coins a member spends on a novel: member → the novel's revenue account, as the wallet posts it. */
async function spendOn(memberId: number, novelId: number, coins: number, daysAgo = 0): Promise<void> {
  await getDb().transaction(async (tx) => {
    const t = tx as unknown as Tx;
    await credit(t, memberId, { kind: 'test_grant', source: 'bonus', welth: coins });
    const { id } = await postMovement(t, {
      kind: 'chapter_purchase',
      memberId,
      legs: [
        { accountId: await ensureMemberAccount(t, memberId, 'welth'), currency: 'welth', amount: -coins },
        { accountId: await ensureSystemAccount(t, `revenue:novel:${novelId}`, 'welth'), currency: 'welth', amount: coins },
      ],
    });
    await t
      .update(ledgerTransactions)
      .set({ createdAt: ago(daysAgo) })
      .where(eq(ledgerTransactions.id, id));
  });
}

beforeAll(async () => {
  const d = getDb();
  await d.insert(authors).values({ name: '作者' });
  await d.insert(categories).values({ name: '玄幻', gender: 1, languageType: 1 });
  await addNovel('a', {});
  await addNovel('b', {});
  await addNovel('c', {});
  await addNovel('off', { isOffShelf: true });
  await addNovel('done', { status: 1 });
  await addNovel('fresh', {}, ago(3));
  await addNovel('old', {}, ago(31));
  await addNovel('ug', { languageType: 0 });
  await addNovel('mute', { hasTts: false });
  m = (
    await d
      .insert(members)
      .values(Array.from({ length: 6 }, () => ({})))
      .returning({ id: members.id })
  ).map((r) => r.id);
  const defs = [
    ['bestseller', 'sales', 7, 1],
    ['monthly_sales', 'sales', 30, 1],
    ['tips', 'gifts', 30, 1],
    ['tickets', 'tickets', null, 1],
    ['favorites', 'favorites', 30, 1],
    ['popular', 'popular', 30, 1],
    ['new', 'new', 30, 1],
    ['finished', 'finished', 30, 1],
    ['listen', 'popular', 30, 2],
  ] as const;
  const inserted = await d
    .insert(rankings)
    .values(defs.map(([slug, metric, periodDays, readType], sort) => ({ name: slug, slug, metric, periodDays, readType, sort })))
    .returning({ id: rankings.id, slug: rankings.slug });
  ranking = Object.fromEntries(inserted.map((r) => [r.slug, r.id]));
}, 120_000);

describe('畅销 (sales): coins on the novel revenue account', () => {
  it('ranks by coins in the window; older spending counts only in the 30-day ranking; off shelf never ranks', async () => {
    await spendOn(m[0]!, N.a, 300);
    await spendOn(m[1]!, N.b, 500, 10);
    await spendOn(m[2]!, N.c, 60);
    await spendOn(m[3]!, N.c, 40, 6);
    await spendOn(m[4]!, N.off, 1_000);
    expect(await recompute('bestseller')).toEqual([
      [N.a, 300],
      [N.c, 100],
    ]);
    expect(await recompute('monthly_sales')).toEqual([
      [N.b, 500],
      [N.a, 300],
      [N.c, 100],
    ]);
  });

  it('spending on another account (the spend sink, vouchers) never counts', async () => {
    await getDb().transaction(async (tx) => {
      const t = tx as unknown as Tx;
      await credit(t, m[5]!, { kind: 'test_grant', source: 'bonus', welth: 999 });
      await postMovement(t, {
        kind: 'chapter_purchase',
        memberId: m[5]!,
        legs: [
          { accountId: await ensureMemberAccount(t, m[5]!, 'welth'), currency: 'welth', amount: -999 },
          { accountId: await ensureSystemAccount(t, 'spend', 'welth'), currency: 'welth', amount: 999 },
        ],
      });
    });
    expect((await recompute('bestseller')).map(([id]) => id)).toEqual([N.a, N.c]);
  });
});

describe('打赏 (gifts): tips wealth in the window', () => {
  it('sums wealth_total per novel, leaves out tips before the window and off-shelf novels', async () => {
    const d = getDb();
    const [gift] = await d.insert(gifts).values({ title: '咖啡', thumb: '', wealth: 10 }).returning({ id: gifts.id });
    const tip = (novelId: number, memberId: number, wealthTotal: number, createdAt = now) =>
      ({ novelId, memberId, giftId: gift!.id, amount: 1, wealthTotal, createdAt }) as const;
    await d
      .insert(tips)
      .values([
        tip(N.a, m[0]!, 50),
        tip(N.b, m[0]!, 10),
        tip(N.b, m[1]!, 30),
        tip(N.c, m[2]!, 999, ago(30, 1)),
        tip(N.c, m[2]!, 5, ago(30)),
        tip(N.off, m[3]!, 5_000),
      ]);
    expect(await recompute('tips')).toEqual([
      [N.a, 50],
      [N.b, 40],
      [N.c, 5],
    ]);
  });
});

describe('月票 (tickets): counted votes this calendar month, Asia/Shanghai', () => {
  it('the month starts at 16:00 UTC on the last day of the month before', () => {
    expect(businessMonthStartOf(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(businessMonthStartOf(new Date('2026-10-31T16:00:00Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(businessMonthStartOf(new Date('2026-10-31T15:59:59Z')).toISOString()).toBe('2026-09-30T16:00:00.000Z');
    expect(windowStart({ metric: 'tickets', periodDays: 30 }, new Date('2026-01-01T00:00:00Z'))!.toISOString()).toBe(
      '2025-12-31T16:00:00.000Z',
    );
  });

  it('counts only counted votes cast since the month began', async () => {
    const at = new Date('2026-11-24T12:00:00Z');
    const start = businessMonthStartOf(at);
    const d = getDb();
    const [comp] = await d
      .insert(competitions)
      .values({ name: '评选', startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2027-01-01T00:00:00Z') })
      .returning({ id: competitions.id });
    const vote = (novelId: number, amount: number, createdAt: Date, counted = true) =>
      ({ competitionId: comp!.id, novelId, memberId: m[0]!, amount, createdAt, counted }) as const;
    await d
      .insert(votes)
      .values([
        vote(N.a, 5, start),
        vote(N.b, 8, at, false),
        vote(N.b, 1, at),
        vote(N.c, 20, new Date(start.getTime() - 1)),
        vote(N.off, 50, at),
      ]);
    expect(await recompute('tickets', at)).toEqual([
      [N.a, 5],
      [N.b, 1],
    ]);
  });
});

describe('收藏 (favorites), 人气 (popular) and 听书 (listen): distinct members in the window', () => {
  it('counts shelf adds of text novels in the last 30 days', async () => {
    const fav = (novelId: number, memberId: number, createdAt = now, readType = 1) => ({ novelId, memberId, createdAt, readType });
    await getDb()
      .insert(favorites)
      .values([
        fav(N.a, m[0]!),
        fav(N.a, m[1]!),
        fav(N.a, m[2]!),
        fav(N.b, m[0]!),
        fav(N.b, m[1]!, now, 2),
        fav(N.c, m[0]!, ago(31)),
        fav(N.c, m[1]!, ago(31)),
        fav(N.off, m[3]!),
      ]);
    expect(await recompute('favorites')).toEqual([
      [N.a, 3],
      [N.b, 1],
    ]);
  });

  it('counts readers by read_type, and an audio ranking keeps only novels that can be listened to', async () => {
    const d = getDb();
    const chapterOf = async (novelId: number) =>
      (await d.select({ id: novels.firstArticleId }).from(novels).where(eq(novels.id, novelId)))[0]!.id!;
    const log = async (novelId: number, memberId: number, readAt: Date, readType = 1) =>
      d.insert(readLogs).values({ novelId, memberId, articleId: await chapterOf(novelId), readAt, readType });
    await log(N.a, m[0]!, ago(1));
    await log(N.a, m[1]!, ago(29));
    await log(N.b, m[0]!, ago(31));
    await log(N.b, m[1]!, ago(40));
    await log(N.b, m[2]!, ago(0));
    await log(N.c, m[0]!, ago(2), 2);
    await log(N.c, m[1]!, ago(2), 2);
    await log(N.mute, m[0]!, ago(2), 2);
    await log(N.ug, m[0]!, ago(2));
    await log(N.off, m[0]!, ago(2));
    await log(N.done, m[3]!, ago(5));
    await log(N.done, m[4]!, ago(5));
    await log(N.fresh, m[4]!, ago(1));
    // Ties go to the lower novel id, so two runs over the same rows agree.
    expect(await recompute('popular')).toEqual([
      [N.a, 2],
      [N.done, 2],
      [N.b, 1],
      [N.fresh, 1],
      [N.ug, 1],
    ]);
    expect(await recompute('listen')).toEqual([[N.c, 2]]);
  });

  it('ranks within a language when read: the Uyghur novel shows only in Uyghur', async () => {
    const zh = await getRankingOrThrow('popular', 1, 0, 20);
    const ug = await getRankingOrThrow('popular', 0, 0, 20);
    expect(zh.data.map((n) => n.id)).not.toContain(N.ug);
    expect(ug.data.map((n) => [n.id, n.rank])).toEqual([[N.ug, 1]]);
    expect(zh).toMatchObject({ metric: 'popular', period_days: 30, computed_at: expect.any(String) });
  });
});

describe('新书 (new) and 完结 (finished)', () => {
  it('新书: novels first published in the last 30 days, read or not, by readers', async () => {
    expect(await recompute('new')).toEqual([[N.fresh, 1]]);
    await getDb()
      .update(chapters)
      .set({ publishedAt: ago(29) })
      .where(eq(chapters.id, (await firstChapter(N.old))!));
    expect(await recompute('new')).toEqual([
      [N.fresh, 1],
      [N.old, 0],
    ]);
  });

  it('完结: finished novels only, by readers', async () => {
    await addNovel('unread', { status: 1 });
    expect(await recompute('finished')).toEqual([
      [N.done, 2],
      [N.unread, 0],
    ]);
  });
});

async function firstChapter(novelId: number): Promise<number | null> {
  const [row] = await getDb().select({ id: novels.firstArticleId }).from(novels).where(eq(novels.id, novelId));
  return row?.id ?? null;
}

describe('recomputeRankings', () => {
  it('rewrites every ranking, stamps computed_at, and a second run over the same rows gives the same rows', async () => {
    const first = await recomputeRankings(now);
    expect(first.rankings).toBe(9);
    expect(first.rows).toBe((await getDb().select().from(rankingItems)).length);
    expect(first.rows).toBeGreaterThan(10);
    const before = await getDb().select().from(rankingItems).orderBy(asc(rankingItems.rankingId), asc(rankingItems.rank));
    const again = await recomputeRankings(now);
    const after = await getDb().select().from(rankingItems).orderBy(asc(rankingItems.rankingId), asc(rankingItems.rank));
    expect(after).toEqual(before);
    expect(again.rows).toBe(first.rows);
    const listed = await listRankings(null);
    expect(listed.every((r) => r.computed_at === now.toISOString())).toBe(true);
  });

  it('a novel taken off shelf drops out on the next run; ranks stay 1..n', async () => {
    await getDb().update(novels).set({ isOffShelf: true }).where(eq(novels.id, N.a));
    await recomputeRankings(now);
    expect((await rows('monthly_sales')).map(([id]) => id)).toEqual([N.b, N.c]);
    const ranks = await getDb()
      .select({ rank: rankingItems.rank })
      .from(rankingItems)
      .where(eq(rankingItems.rankingId, ranking.monthly_sales!))
      .orderBy(asc(rankingItems.rank));
    expect(ranks.map((r) => r.rank)).toEqual([1, 2]);
  });

  it('an unknown metric leaves its ranking alone instead of failing the run', async () => {
    await getDb().execute(sql`update rankings set metric = 'bogus' where slug = 'tips'`);
    const before = await rows('tips');
    await expect(recomputeRankings(now)).resolves.toMatchObject({ rankings: 9 });
    expect(await rows('tips')).toEqual(before);
  });
});
