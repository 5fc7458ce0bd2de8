import './zod-locale';
import { z } from 'zod';
import { PRIZES_LIMIT } from '../activity';
import { idSchema, intQuery } from './common';

/** 我的奖品 and 抽奖记录: `start` offset, `limit` up to PRIZES_LIMIT (docs/activity-wheel.md "Prizes and game logs"). */
export const prizesQuery = z.object({ start: intQuery(0, 1_000_000), limit: intQuery(PRIZES_LIMIT, PRIZES_LIMIT, 1) });

export const mallCouponParams = z.object({ id: idSchema });
