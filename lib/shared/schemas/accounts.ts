import './zod-locale';
import { z } from 'zod';
import { MSG } from '../messages';
import { idSchema, languageTypeSchema } from './common';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from './phone-code';

/** Mainland mobile numbers only (phone-code.ts holds the zod-free check the sign-in page uses). */
export const phoneSchema = z
  .string({ error: MSG.enterPhone })
  .trim()
  .min(1, { error: MSG.enterPhone })
  .regex(PHONE_PATTERN, { error: MSG.invalidPhone });

export const smsCodeSchema = z
  .string({ error: MSG.enterCode })
  .trim()
  .min(1, { error: MSG.enterCode })
  .regex(SMS_CODE_PATTERN, { error: MSG.invalidCode });

export const smsSendBody = z.object({ phone: phoneSchema });
/**
 * The agreement versions a sign-in carries (docs/agreements.md "Agreeing at sign-in"): any shape passes here so that
 * the consent check, not zod, answers a missing or malformed one with its own message.
 */
const agreementsField = z.unknown().optional();

const versionSchema = z.number().int().min(1).max(1_000_000);

/** The shape of `agreements: {user, privacy}`, read by the consent check (lib/server/accounts/consent.ts). */
export const agreedVersionsSchema = z.object({ user: versionSchema, privacy: versionSchema });

export const smsLoginBody = z.object({ phone: phoneSchema, code: smsCodeSchema, agreements: agreementsField });
export const bindingBody = z.object({ phone: phoneSchema, code: smsCodeSchema });
export const touristLoginBody = z.object({
  device_id: z.string({ error: MSG.deviceIdRequired }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: MSG.deviceIdRequired }),
  agreements: agreementsField,
});
/** POST /v1/my/consent: the versions agreed to again; checked by the consent service. */
export const consentBody = z.object({ agreements: agreementsField });
export const privacySettingsBody = z.object({ personalized: z.boolean({ error: MSG.invalidParams }) });
export const languageBody = z.object({ language_type: languageTypeSchema });
export const profileQuery = z.object({ extra_fields: z.string().max(200).optional() });

export const birthDateBody = z.object({
  birth_date: z
    .string({ error: MSG.birthDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.birthDateInvalid })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
      },
      { error: MSG.birthDateInvalid },
    ),
});

/** POST /v1/admin/members/{id}/birth_date: the member whose declared birth date support corrects. */
export const memberIdParams = z.object({ id: idSchema });

export const guardianConsentBody = z.object({
  guardian_name: z.string({ error: MSG.guardianRequired }).trim().min(2, { error: MSG.guardianRequired }).max(32),
  guardian_phone: phoneSchema,
  relation: z.enum(['father', 'mother', 'guardian'], { error: MSG.guardianRequired }),
});

export const devSmsQuery = z.object({ phone: phoneSchema });
