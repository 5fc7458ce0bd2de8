import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';
import { MSG } from '../messages';
import { SHARE_JS_APIS } from '../dto/sharing';

/** GET /v1/mp/qrcode?article_id — the chapter the reader follows from (optional). */
export const mpQrcodeQuery = z.object({ article_id: idSchema.optional() });

/** POST /v1/mp/js_sdk_config {url, apis}: the page address (checked against our origin by the service) and the calls to sign. */
export const jsSdkConfigBody = z.object({
  url: z.string({ error: MSG.invalidParams }).min(1, { error: MSG.invalidParams }).max(2048, { error: MSG.invalidParams }),
  apis: z
    .array(z.enum(SHARE_JS_APIS, { error: MSG.shareApisInvalid }), { error: MSG.shareApisInvalid })
    .min(1, { error: MSG.shareApisInvalid })
    .max(SHARE_JS_APIS.length * 2, { error: MSG.shareApisInvalid }),
});
