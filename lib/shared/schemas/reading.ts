import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';

const readType = z.union([z.literal(1), z.literal(2)], { error: 'read_type 只能是 1 或 2' });

export const favoriteBody = z.object({ nid: idSchema, read_type: readType.optional().transform((v) => v ?? 1) });
export const favoriteDeleteQuery = z.object({ nid: idSchema, read_type: z.enum(['1', '2'], { error: 'read_type 只能是 1 或 2' }).optional().transform((v) => Number(v ?? 1)) });
export const favoriteStatusQuery = z.object({ read_type: z.enum(['1', '2']).optional().transform((v) => Number(v ?? 1)) });

export const articleParams = z.object({ id: idSchema });
export const buyBody = z.object({ aid: idSchema });
