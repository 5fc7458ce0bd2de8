import 'server-only';
import type { Tx } from '../../db/client';
import { listItems, lists, richListItems, richLists, webLayoutBlocks, webLayoutPages } from '../../db/schema';
import type { NovelPlan } from './catalog-plan';
import { createRng } from './random';
import { SEED_CHANNELS } from './seed-constants';

const LANGS = [1, 0, 2] as const;
/** Below this many same-gender novels a language's channel falls back to the whole language (Tibetan has no 女频). */
const MIN_POOL = 6;

const CHANNELS = [
  { gender: 1, title: '男生', key: 'male', label: '男频' },
  { gender: 2, title: '女生', key: 'female', label: '女频' },
] as const;

type Channel = (typeof CHANNELS)[number];

async function insertList(db: Tx, slug: string, name: string, languageType: number, gender: number, picks: NovelPlan[]): Promise<number> {
  const [row] = await db.insert(lists).values({ name, slug, languageType, gender }).returning({ id: lists.id });
  if (picks.length) await db.insert(listItems).values(picks.map((n, position) => ({ listId: row!.id, novelId: n.id, position })));
  return row!.id;
}

async function insertCarousel(db: Tx, channel: Channel, languageType: number, picks: NovelPlan[]): Promise<number> {
  const [rich] = await db
    .insert(richLists)
    .values({ name: `${channel.title}轮播`, slug: `carousel_${channel.key}`, languageType, readType: 1 })
    .returning({ id: richLists.id });
  if (picks.length)
    await db.insert(richListItems).values(
      picks.map((n, position) => ({
        richListId: rich!.id,
        type: 1,
        title: n.title,
        banner: `/covers/${n.id}.svg?banner=1`,
        summary: n.summary.slice(0, 60),
        link: `/m/novels/${n.id}`,
        novelId: n.id,
        position,
      })),
    );
  return rich!.id;
}

/**
 * The 男生 and 女生 home pages (docs/catalogue.md "Lists and home layouts"): each language's channel has its own carousel and its
 * own picked, new and finished lists drawn from novels of its gender, its own ranking block and its gender's
 * categories; only 限时免费 is shared. The layout editor's data is these rows, so staff can rearrange them later.
 */
export async function seedChannels(
  db: Tx,
  shelf: NovelPlan[],
  listIds: Map<string, number>,
  rankingIds: Map<string, number>,
): Promise<void> {
  const rng = createRng(SEED_CHANNELS);
  for (const [sort, channel] of CHANNELS.entries()) {
    const [page] = await db
      .insert(webLayoutPages)
      .values({ title: channel.title, gender: channel.gender, sort })
      .returning({ id: webLayoutPages.id });
    for (const languageType of LANGS) {
      const language = shelf.filter((n) => n.languageType === languageType);
      const gendered = language.filter((n) => n.gender === channel.gender);
      const pool = gendered.length >= MIN_POOL ? gendered : language;
      const byPop = [...pool].sort((a, b) => b.popularity - a.popularity);
      const slug = (what: string) => `${channel.key}_${what}`;
      const carousel = await insertCarousel(db, channel, languageType, byPop.slice(0, 6));
      const pick = await insertList(
        db,
        slug('pick'),
        `${channel.label}精选`,
        languageType,
        channel.gender,
        rng.sample(pool, Math.min(30, pool.length)),
      );
      const fresh = await insertList(
        db,
        slug('new'),
        `${channel.label}新书`,
        languageType,
        channel.gender,
        [...pool].sort((a, b) => b.id - a.id).slice(0, 40),
      );
      const finished = await insertList(
        db,
        slug('finished'),
        `${channel.label}完本`,
        languageType,
        channel.gender,
        byPop.filter((n) => n.status === 1).slice(0, 40),
      );
      const blocks =
        channel.gender === 1
          ? [
              { kind: 'carousel', title: '精选推荐', richListId: carousel },
              { kind: 'list', title: '男频精选', listId: pick },
              { kind: 'ranking', title: '人气榜', rankingId: rankingIds.get('popular') },
              { kind: 'categories', title: '分类' },
              { kind: 'grid', title: '新书速递', listId: fresh },
              { kind: 'list', title: '限时免费', listId: listIds.get(`limited_free:${languageType}`) },
              { kind: 'list', title: '完本精品', listId: finished },
            ]
          : [
              { kind: 'carousel', title: '女生精选', richListId: carousel },
              { kind: 'list', title: '女频精选', listId: pick },
              { kind: 'ranking', title: '收藏榜', rankingId: rankingIds.get('favorites') },
              { kind: 'categories', title: '分类' },
              { kind: 'grid', title: '新书上架', listId: fresh },
              { kind: 'list', title: '完结好书', listId: finished },
              { kind: 'list', title: '限时免费', listId: listIds.get(`limited_free:${languageType}`) },
            ];
      await db.insert(webLayoutBlocks).values(blocks.map((b, position) => ({ pageId: page!.id, languageType, position, ...b })));
    }
  }
}
