import type { ListPage, ReadType } from '@/lib/shared/dto/shelf';
import { api } from '../api';
import type { ShelfListKind } from '../actions/shelf';

const LIST = { favorites: '/v1/favorites', readlogs: '/v1/my/readlogs' } as const;

/** GET /v1/favorites or /v1/my/readlogs of one read type: a page of the shelf or the history from `start`. */
export const fetchShelfPage = <T>(kind: ShelfListKind, readType: ReadType, start: number, limit: number) =>
  api<ListPage<T>>(LIST[kind], { query: { read_type: readType, start, limit } });
