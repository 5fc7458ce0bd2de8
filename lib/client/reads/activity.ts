import type { GameLogDto, PrizeRecordDto } from '@/lib/shared/dto/activity';
import type { Paged } from '@/lib/shared/dto/wallet-records';
import { PRIZES_LIMIT } from '@/lib/shared/activity';
import { api } from '../api';

const RECORDS = { prizes: '/v1/mall/prizes', gamelogs: '/v1/activity/gamelogs' } as const;
export type RecordsKind = keyof typeof RECORDS;

/**
 * GET /v1/mall/prizes (我的奖品) or /v1/activity/gamelogs (抽奖记录) from `start`, PRIZES_LIMIT a page, past the
 * browser cache (a draw just made must show).
 */
export function fetchRecordsPage(kind: 'prizes', start: number): Promise<Paged<PrizeRecordDto>>;
export function fetchRecordsPage(kind: 'gamelogs', start: number): Promise<Paged<GameLogDto>>;
export function fetchRecordsPage(kind: RecordsKind, start: number): Promise<Paged<PrizeRecordDto | GameLogDto>>;
export function fetchRecordsPage(kind: RecordsKind, start: number) {
  return api<Paged<PrizeRecordDto | GameLogDto>>(RECORDS[kind], { query: { start, limit: PRIZES_LIMIT }, fresh: true });
}
