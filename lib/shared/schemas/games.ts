import './zod-locale';
import { z } from 'zod';
import { idSchema, intQuery } from './common';
import { optionalLang } from './catalog';

/** GET /v1/games?language_type&start&limit (docs/games.md "Games"). */
export const gamesQuery = z.object({ language_type: optionalLang, start: intQuery(0, 10_000), limit: intQuery(20, 50, 1) });

/** POST /v1/my/settings {hide_games}: the member's answer to "close game recommendations?". */
export const mySettingsBody = z.object({ hide_games: z.boolean({ error: 'hide_games 只能是 true 或 false' }) }).strict();

/** GET /v1/novel_test?language_type&limit (docs/games.md "novel_test"). */
export const novelTestQuery = z.object({ language_type: optionalLang, limit: intQuery(10, 20, 1) });

export const gameIdParams = z.object({ id: idSchema });

/** GET /v1/laboratory/ab_tests/check?key (docs/experiments.md). */
export const EXPERIMENT_KEY = /^[a-z][a-z0-9_]{1,47}$/;
export const abCheckQuery = z.object({ key: z.string({ error: '缺少实验标识' }).regex(EXPERIMENT_KEY, { error: '实验标识格式不对' }) });
