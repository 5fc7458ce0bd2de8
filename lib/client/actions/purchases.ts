import type { BatchBuyResult, BatchChoice } from '@/lib/shared/dto/wallet';
import type { TipResult, VoteResult } from '@/lib/shared/dto/rewards';
import { api } from '../api';

/**
 * Writes that spend coins or tickets (docs/reading.md "Paywall", docs/gifts-votes.md). Not silent: a short balance
 * (90001) is routed by the error catalogue (recharge, or a note where paying is off) before the caller sees it.
 */

/** POST /v1/novels/{nid}/buy: one chapter. */
export const buyChapter = (novelId: number, articleId: number) =>
  api(`/v1/novels/${novelId}/buy`, { method: 'POST', body: { aid: articleId } });

/** POST /v1/novels/{nid}/buy_book: the whole book. */
export const buyBook = (novelId: number) => api(`/v1/novels/${novelId}/buy_book`, { method: 'POST', body: {} });

/** POST /v1/novels/{nid}/batch_buy: 后10章 / 后50章 / 余下全部 from chapter aid (docs/wallet.md "Batch buying"). */
export const buyBatch = (novelId: number, articleId: number, count: BatchChoice) =>
  api<BatchBuyResult>(`/v1/novels/${novelId}/batch_buy`, { method: 'POST', body: { aid: articleId, count } });

/** POST /v1/novels/{nid}/auto_buy: buy the next chapters on opening them. */
export const saveAutoBuy = (novelId: number, enabled: boolean) =>
  api(`/v1/novels/${novelId}/auto_buy`, { method: 'POST', body: { enabled } });

/** POST /v1/novels/{nid}/tips: a gift to the novel. */
export const sendTip = (
  novelId: number,
  body: { amount: number; gift_id: number; scene: 'novel' | 'reader' | 'listen' | 'rewards'; chapter_id?: number },
) => api<TipResult>(`/v1/novels/${novelId}/tips`, { method: 'POST', body });

/** POST /v1/competitions/novel/{nid}/votes: monthly tickets for the novel. */
export const sendVotes = (novelId: number, amount: number) =>
  api<VoteResult>(`/v1/competitions/novel/${novelId}/votes`, { method: 'POST', body: { amount } });
