import { REWARD_UNITS, rewardText, type Reward, type RewardType } from './activity';

/**
 * What the activity centre's pages and modals say (docs/activity-pages.md). Kept beside the rules so tests and pages
 * read the same strings.
 */
export const ACTIVITY_MSG = {
  eventsTitle: '活动中心',
  couponsTitle: '领券中心',
  prizesTitle: '我的奖品',
  gamelogsTitle: '抽奖记录',
  wheelTitle: '幸运大转盘',
  checkinTitle: '每日签到',
  checkin: '签到',
  checkedToday: '今日已签到',
  checkinCalendar: '签到日历',
  checkinDone: (r: Reward, extra: Reward | null) => `签到成功 +${rewardText(r)}${extra ? ` +${rewardText(extra)}` : ''}`,
  streak: (n: number) => `已连续签到 ${n} 天`,
  total: (n: number) => `累计签到 ${n} 天`,
  todayReward: (r: Reward) => `今日可得 ${rewardText(r)}`,
  todayGot: (r: Reward) => `今日已得 ${rewardText(r)}`,
  checkinNote: '连续签到7天为一个周期，第7天额外赠送1次抽奖机会；中断一天从第1天重新开始，每天0点刷新。',
  dayLabel: (d: number) => `第${d}天`,
  todayLabel: '今天',
  missionsDay: '每日任务',
  missionsWeek: '每周任务',
  resetDay: '每日0点重置',
  resetWeek: '每周一0点重置',
  goDo: '去完成',
  claim: '领取',
  claimed: '已领取',
  claimDone: (r: Reward) => `领取成功 +${rewardText(r)}`,
  noMissions: '暂无任务',
  wheelEntry: '幸运大转盘',
  wheelEntryLead: '最高可得365天VIP',
  chances: (n: number) => `剩余抽奖机会 ${n} 次`,
  chancesWaiting: (n: number) => (n > 0 ? `${n}次抽奖机会待使用` : '做任务赢抽奖机会'),
  couponEntry: '领券中心',
  couponEntryLead: '充值优惠券限量领取',
  competitions: '月票评选',
  competitionLive: '进行中',
  competitionUpcoming: '即将开始',
  competitionEnded: '已结束',
  noCompetition: '当前没有进行中的月票评选',
  loading: '加载中…',
  loadFailed: '加载失败，请稍后重试',
  retry: '重试',
  // Coupon mall
  couponThreshold: (yuan: string) => `满${yuan}元可用`,
  couponValid: (days: number) => `领取后${days}天内有效`,
  couponLeft: (left: number, stock: number) => `剩余 ${left}/${stock}`,
  couponClaim: '领取',
  couponClaimed: '已领取',
  couponSoldOut: '已抢光',
  couponClaimDone: '领取成功，充值时可用',
  couponsEmpty: '暂时没有可领的优惠券',
  myCoupons: '我的优惠券',
  goRecharge: '去充值',
  couponLead: '每种优惠券每人限领一张，充值满指定金额时可用。',
  // Prizes and draws
  prizesEmpty: '还没有奖品',
  gamelogsEmpty: '还没有抽奖记录',
  goWheel: '去抽奖',
  thanks: '谢谢参与',
  // Wheel
  draw: '立即抽奖',
  drawing: '抽奖中…',
  noChances: '暂无抽奖机会',
  earnChances: '做任务赢抽奖机会',
  signInToDraw: '登录后抽奖',
  oddsTitle: '概率公示',
  oddsPrize: '奖品',
  oddsValue: '中奖概率',
  rulesTitle: '活动规则',
  // Spin-win modal
  winTitle: '恭喜中奖',
  loseTitle: '谢谢参与',
  winLead: (name: string) => `恭喜获得 ${name}`,
  loseLead: '很遗憾，这次没有抽中，再接再厉！',
  myPrizes: '我的奖品',
  again: '再抽一次',
  // Lottery-chance modal
  lotteryTitle: '书币抽奖',
  lotteryLead: '恭喜获得一次抽奖机会',
  lotteryNote: '最高可得365天VIP，全站小说免费读',
  surprise: (name: string, r: Reward) => `惊喜奖励：${name} +${rewardText(r)}`,
} as const;

/** A prize or draw's reward as it reads: 100书币, 7天VIP; 谢谢参与 for the empty slot. */
export function prizeRewardText(reward: number, type: RewardType | 'none'): string {
  return type === 'none' ? ACTIVITY_MSG.thanks : `${reward}${REWARD_UNITS[type]}`;
}

/** A mission's progress: 3/10分钟 for minutes, 1/3 for counts (capped at the target). */
export function missionProgressText(progress: number, target: number, unit: 'minutes' | 'count'): string {
  return `${Math.min(progress, target)}/${target}${unit === 'minutes' ? '分钟' : ''}`;
}
