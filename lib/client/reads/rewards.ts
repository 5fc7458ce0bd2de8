import { PAGE_SIZE } from '@/lib/shared/constants';
import type { FanEntry, RewardPage } from '@/lib/shared/dto/fans-page';
import { api } from '../api';

/** GET /v1/novels/{nid}/fans from `start` (the fan page's 加载更多), past the browser cache. */
export const fetchFansPage = (novelId: number, start: number) =>
  api<RewardPage<FanEntry>>(`/v1/novels/${novelId}/fans`, { query: { start, limit: PAGE_SIZE.rewards }, fresh: true });
