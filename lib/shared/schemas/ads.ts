import './zod-locale';
import { z } from 'zod';
import { AD_BUSINESS_TYPE, AD_PLACEMENTS } from '../ads';
import { ADS_CONSOLE, ADS_MSG } from '../ads-text';
import { languageTypeSchema } from './common';

const placement = z.enum(AD_PLACEMENTS, { error: ADS_MSG.badPlacement });
const channel = z.enum(['1', '2'], { error: ADS_MSG.badChannel }).transform(Number).optional();

/** GET /v1/ads/get_ads?business_type=1&placement&language_type&channel */
export const getAdsQuery = z.object({
  business_type: z.literal(String(AD_BUSINESS_TYPE), { error: ADS_MSG.badBusinessType }),
  placement,
  language_type: languageTypeSchema.optional(),
  channel,
});

/** GET /v1/mediads?placement=listen|chapter_end&language_type: the listen page's and the reader's ads. */
export const mediadsQuery = z.object({
  placement: z.enum(['listen', 'chapter_end'], { error: ADS_MSG.badPlacement }),
  language_type: languageTypeSchema.optional(),
});

/** GET /v1/ads/interact_ad_info?language_type */
export const interactQuery = z.object({ language_type: languageTypeSchema.optional() });

/** POST /v1/ads/click {token} */
export const clickBody = z.object({
  token: z.string({ error: ADS_MSG.badToken }).regex(/^[A-Za-z0-9_-]{24}$/, { error: ADS_MSG.badToken }),
});

/** GET /v1/ads/static/{name}: ads.<hash>.json, reader.<hash>.json, alt-ads.<hash>.json, alt-reader.<hash>.json */
export const adFileParams = z.object({
  name: z.string().regex(/^(alt-)?(ads|reader)\.[0-9a-f]{16}\.json$/, { error: ADS_MSG.fileNotFound }),
});

const back = z.string().max(300).optional();
const consoleId = z.coerce.number({ error: ADS_CONSOLE.notFound }).int().positive({ error: ADS_CONSOLE.notFound }).max(2_147_483_647);
const field = (max: number) =>
  z
    .string()
    .max(max, { error: ADS_CONSOLE.invalidChoice })
    .optional()
    .transform((v) => v ?? '');
const adFields = {
  placement: field(32),
  title: field(200),
  body: field(400),
  image: field(600),
  link: field(600),
  language_type: field(4),
  channel: field(4),
  audience: field(16),
  bonus_hunter_only: z.literal('on').optional(),
  brand: field(16),
  starts_at: field(32),
  ends_at: field(32),
  daily_cap: field(16),
  weight: field(16),
  active: z.literal('on').optional(),
  back,
};

/** POST /admin/actions/ads {op: create|update|toggle, …} (docs/ads.md "Console"); the service checks each field. */
export const adsConsoleForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('create'), ...adFields }),
    z.object({ op: z.literal('update'), id: consoleId, ...adFields }),
    z.object({ op: z.literal('toggle'), id: consoleId, active: z.enum(['1', '0'], { error: ADS_CONSOLE.invalidChoice }), back }),
  ],
  { error: ADS_CONSOLE.invalidChoice },
);
