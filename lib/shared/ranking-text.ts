/**
 * What each ranking measures, in the words the ranks page shows under its tabs (docs/rankings.md). The metric and
 * period come from the ranking's own row, so a ranking staff re-window reads right without a code change.
 */
export type RankingMetric = 'sales' | 'gifts' | 'tickets' | 'favorites' | 'popular' | 'new' | 'finished';

const within = (days: number | null) => (days ? `近${days}日` : '累计');

export function rankingBasis(metric: string, periodDays: number | null, readType = 1): string {
  const readers = readType === 2 ? '听众数' : '读者数';
  switch (metric) {
    case 'sales':
      return `${within(periodDays)}书币消费`;
    case 'gifts':
      return `${within(periodDays)}打赏书币`;
    case 'tickets':
      return '本月月票';
    case 'favorites':
      return `${within(periodDays)}加入书架人数`;
    case 'popular':
      return `${within(periodDays)}${readers}`;
    case 'new':
      return `近30日新书 · 按${within(periodDays)}${readers}`;
    case 'finished':
      return `完结作品 · 按${within(periodDays)}${readers}`;
    default:
      return '';
  }
}

/** "每10分钟更新" — how often the numbers behind a ranking are recounted. */
export const rankingRefresh = (minutes: number) => `每${minutes}分钟更新`;
