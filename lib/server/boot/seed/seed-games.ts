import 'server-only';
import type { Tx } from '../../db/client';
import { experiments, games, novelTests } from '../../db/schema';
import type { CatalogPlan } from './catalog-plan';

const DAY = 24 * 60 * 60 * 1000;

/** Demo H5 games (docs/games.md "Games"): addresses on the game partner's https host, icons under /promo/games. */
export const SEED_GAMES = [
  { name: '开心消消乐', slug: 'xiaoxiaole', category: '休闲', description: '三消闯关，越消越上头，每日奖励领不停', sort: 60 },
  { name: '贪吃蛇大作战', slug: 'tanchishe', category: '竞技', description: '吃豆变长，和好友比比谁最长', sort: 50 },
  { name: '2048', slug: '2048', category: '益智', description: '滑动合并数字，挑战2048', sort: 40 },
  { name: '雷霆飞机', slug: 'feiji', category: '射击', description: '经典飞机大战，躲弹幕打BOSS', sort: 30 },
  { name: '华容道', slug: 'huarong', category: '益智', description: '移动方块帮曹操脱困，考验你的步数', sort: 20 },
  { name: '五子棋', slug: 'wuziqi', category: '棋牌', description: '五子连珠，人机对弈三种难度', sort: 10 },
] as const;

export const SEED_GAME_HOST = 'https://h5.shusheng-games.cn';

export async function seedGames(db: Tx, plan: CatalogPlan, now: Date): Promise<void> {
  await db.insert(games).values(
    SEED_GAMES.map((g) => ({
      name: g.name,
      icon: `/promo/games/${g.slug}.svg`,
      description: g.description,
      url: `${SEED_GAME_HOST}/${g.slug}/index.html?from=shusheng`,
      category: g.category,
      sort: g.sort,
      // 五子棋 is offered in Chinese only; the rest in every language.
      languages: g.slug === 'wuziqi' ? [1] : [0, 1, 2],
    })),
  );
  // The promotion popup's copy experiment (docs/experiments.md "Promotion popup copy"), running half and half.
  await db.insert(experiments).values({
    key: 'promotion_popup_copy',
    name: '充值弹窗文案',
    status: 'running',
    variants: [
      { key: 'control', label: '原文案：立即抢购', weight: 5000 },
      { key: 'bonus', label: '强调加赠：领取加赠', weight: 5000 },
    ],
  });
  // 新书试读: the three newest novels on shelf of each language, in a window that opened 30 days ago and ends in 4.
  const rows = [0, 1, 2].flatMap((lang) =>
    plan.novels
      .filter((n) => n.languageType === lang && !n.isOffShelf)
      .slice(-3)
      .map((n) => ({
        novelId: n.id,
        languageType: lang,
        startsAt: new Date(now.getTime() - 30 * DAY),
        endsAt: new Date(now.getTime() + 4 * DAY),
      })),
  );
  if (rows.length) await db.insert(novelTests).values(rows);
}
