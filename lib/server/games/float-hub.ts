import 'server-only';
import type { GamesPage, NovelTestDto } from '@/lib/shared/dto/games';
import type { CompetitionDto } from '@/lib/shared/dto/rewards';
import { REWARD_UNITS } from '@/lib/shared/activity';
import { listCompetitionsAround } from '../wallet/competitions-now';
import { listMallCoupons } from '../wallet/coupon-mall';
import { checkinRules, checkinStats } from '../activity/checkin-stats';
import { waitingChances } from '../activity/summary';
import { listGamesFor } from './games';
import { runningNovelTests } from './novel-test';

export interface FloatHub {
  /** Competitions running now for the language. */
  competitions: CompetitionDto[];
  checkin: { checkedToday: boolean; streakDay: number; nextReward: string } | null;
  /** The reward of streak day 1, for a visitor. */
  checkinFirst: string;
  lotteryChances: number | null;
  /** Coupons in the coupon mall with stock left (and, for a member, not yet claimed). */
  couponsOpen: number;
  games: GamesPage;
  novelTests: NovelTestDto[];
}

const rewardText = (r: { type: keyof typeof REWARD_UNITS; amount: number }) => `${r.amount}${REWARD_UNITS[r.type]}`;

/** /m/float (docs/games.md "/m/float"): what is on now — activities, check-in, the wheel, coupons, games, 新书试读. */
export async function floatHub(memberId: number | null, languageType: number, now = new Date()): Promise<FloatHub> {
  const rules = checkinRules();
  const [competitions, stats, chances, coupons, games, novelTests] = await Promise.all([
    listCompetitionsAround(languageType, now),
    memberId ? checkinStats(memberId, now) : null,
    memberId ? waitingChances(memberId) : null,
    listMallCoupons(memberId),
    listGamesFor(memberId, { language_type: languageType, start: 0, limit: 8 }),
    runningNovelTests(languageType, 3, now),
  ]);
  const next = stats ? stats.week.find((d) => d.today) : undefined;
  return {
    competitions: competitions.filter((c) => new Date(c.starts_at) <= now && new Date(c.ends_at) > now),
    checkin: stats
      ? { checkedToday: stats.checked_today, streakDay: stats.streak_day, nextReward: next ? rewardText(next.reward) : '' }
      : null,
    checkinFirst: rewardText(rules.rewards[0]!.reward),
    lotteryChances: chances,
    couponsOpen: coupons.filter((c) => c.left > 0 && !c.claimed).length,
    games,
    novelTests,
  };
}
