import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';

/** GET /v1/mp/qrcode?article_id — the chapter the reader follows from (optional). */
export const mpQrcodeQuery = z.object({ article_id: idSchema.optional() });
