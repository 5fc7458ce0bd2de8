import 'server-only';
import type { Tx } from '../../db/client';
import { bookListItems, bookLists, hotWords, listItems, lists, rankings, richListItems, richLists } from '../../db/schema';
import type { CatalogPlan, NovelPlan } from './catalog-plan';
import { createRng } from './random';
import { SEED_DISCOVERY } from './seed-constants';
import { seedChannels } from './seed-channels';

const LANGS = [1, 0, 2] as const;
const listDefs = [
  ['recommend', '主编推荐'],
  ['hot', '热门精选'],
  ['new', '新书速递'],
  ['finished', '完本精品'],
  ['free', '免费好书'],
  ['limited_free', '限时免费'],
  ['weekly', '本周必读'],
  ['weekly_new', '本周新书'],
  ['original', '原创专区'],
  ['subscribing', '追更热榜'],
  ['must_listen', '必听好书'],
] as const;
// slug, name, read_type, metric, period in days: what each ranking counts (docs/rankings.md). The job in
// lib/server/catalog/rankings-job.ts fills them from what the seed's simulated readers did (seed-activity.ts).
const rankingDefs = [
  ['popular', '人气榜', 1, 'popular', 30],
  ['bestseller', '畅销榜', 1, 'sales', 7],
  ['monthly_sales', '月销榜', 1, 'sales', 30],
  ['tickets', '月票榜', 1, 'tickets', null],
  ['new', '新书榜', 1, 'new', 30],
  ['finished', '完结榜', 1, 'finished', 30],
  ['favorites', '收藏榜', 1, 'favorites', 30],
  ['tips', '打赏榜', 1, 'gifts', 30],
  ['listen', '听书榜', 2, 'popular', 30],
] as const;

function pickFor(slug: string, pool: NovelPlan[]): NovelPlan[] {
  const byPop = [...pool].sort((a, b) => b.popularity - a.popularity);
  switch (slug) {
    case 'free':
      return byPop.filter((n) => n.saleMode === 'free');
    case 'limited_free':
      return byPop.filter((n) => n.freeDays);
    case 'finished':
      return byPop.filter((n) => n.status === 1);
    case 'new':
      return [...pool].sort((a, b) => b.id - a.id);
    case 'must_listen':
      return byPop.filter((n) => n.hasTts);
    case 'subscribing':
      return byPop.filter((n) => n.status === 0);
    default:
      return byPop;
  }
}

export async function seedDiscovery(db: Tx, plan: CatalogPlan, demo = true): Promise<void> {
  const rng = createRng(SEED_DISCOVERY);
  const shelf = plan.novels.filter((n) => !n.isOffShelf);
  const listIds = new Map<string, number>();
  for (const languageType of LANGS) {
    const pool = shelf.filter((n) => n.languageType === languageType);
    for (const [slug, name] of listDefs) {
      const [row] = await db
        .insert(lists)
        .values({ name, slug, languageType, readType: slug === 'must_listen' ? 2 : 1 })
        .returning({ id: lists.id });
      listIds.set(`${slug}:${languageType}`, row!.id);
      const picks =
        slug === 'recommend' || slug === 'weekly' || slug === 'original'
          ? rng.sample(pool, Math.min(40, pool.length))
          : pickFor(slug, pool).slice(0, 60);
      if (picks.length) await db.insert(listItems).values(picks.map((n, i) => ({ listId: row!.id, novelId: n.id, position: i })));
    }
    for (const readType of [1, 2]) {
      const [rich] = await db
        .insert(richLists)
        .values({ name: readType === 2 ? '听书轮播' : '首页轮播', slug: 'carousel', languageType, readType })
        .returning({ id: richLists.id });
      const picks = pickFor(readType === 2 ? 'must_listen' : 'hot', pool).slice(0, 6);
      if (picks.length)
        await db.insert(richListItems).values(
          picks.map((n, i) => ({
            richListId: rich!.id,
            type: 1,
            title: n.title,
            banner: `/covers/${n.id}.svg?banner=1`,
            summary: n.summary.slice(0, 60),
            link: `/m/novels/${n.id}`,
            novelId: n.id,
            position: i,
          })),
        );
    }
  }

  const rankingIds = new Map<string, number>();
  for (const [sort, [slug, name, readType, metric, periodDays]] of rankingDefs.entries()) {
    const [row] = await db.insert(rankings).values({ name, slug, readType, sort, metric, periodDays }).returning({ id: rankings.id });
    rankingIds.set(slug, row!.id);
  }

  await seedChannels(db, shelf, listIds, rankingIds);

  // Editors' book lists and the search page's hot words name demo novels: a deployment's editors make their own.
  if (!demo) return;
  const themes = ['熬夜也要看完的神作', '治愈系温暖小说', '烧脑悬疑合集', '热血逆袭必读', '古风权谋佳作', '适合通勤听的好书'];
  const zhShelf = shelf.filter((n) => n.languageType === 1);
  for (const name of themes) {
    const [list] = await db
      .insert(bookLists)
      .values({ name, description: `编辑精选：${name}。`, languageType: 1 })
      .returning({ id: bookLists.id });
    const picks = rng.sample(name.includes('听') ? zhShelf.filter((n) => n.hasTts) : zhShelf, rng.int(8, 12));
    await db.insert(bookListItems).values(picks.map((n, position) => ({ bookListId: list!.id, novelId: n.id, position })));
  }

  const words = new Set<string>(['修仙', '甜宠', '重生', '悬疑', '穿越', '都市', '神医', '系统']);
  for (const n of [...zhShelf].sort((a, b) => b.popularity - a.popularity).slice(0, 8)) words.add(n.title);
  await db.insert(hotWords).values([...words].map((word, i) => ({ word, languageType: 1, pinned: 100 - i })));
}
