import type { LanguageType } from '@/lib/shared/constants';
import type { MySettingsDto } from '@/lib/shared/dto/games';
import type { AgreedVersions, CurrentAgreements, AgreementKind } from '@/lib/shared/agreements';
import { api } from '../api';
import { clearMember } from '../identity';

/**
 * The account's writes (docs/accounts.md): sign-in, sign-out, binding, the member's own settings. Each goes through
 * api(), so it carries x-sig and runs the error catalogue on failure unless it says `silent`
 * (docs/development.md "One home for client data").
 */

/** POST /v1/sms/code: a login code to this phone (already checked by checkPhone). */
export const sendSmsCode = (phone: string) => api('/v1/sms/code', { method: 'POST', body: { phone } });

/**
 * POST /v1/sms/login: signs this browser in with phone and code and the agreement versions the reader ticked (the
 * answer sets the session cookies).
 */
export const smsLogin = (body: { phone: string; code: string; agreements: AgreedVersions }) =>
  api<{ member_id: number; is_new: boolean; cancellation_withdrawn?: boolean }>('/v1/sms/login', { method: 'POST', body });

/** POST /v1/tourist/login: a guest account for this device, with the agreed versions. */
export const touristLogin = (deviceId: string, agreements: AgreedVersions) =>
  api('/v1/tourist/login', { method: 'POST', body: { device_id: deviceId, agreements } });

/** GET /v1/my/consent, silent: what the re-consent sheet shows (a failure only means not asking now). */
export const consentStatus = () => api<{ due: AgreementKind[]; agreements: CurrentAgreements }>('/v1/my/consent', { silent: true });

/** POST /v1/my/consent: the signed-in member agrees to the versions in force again (docs/agreements.md "Agreeing again"). */
export const agreeAgain = (agreements: AgreedVersions) =>
  api<{ due: AgreementKind[]; agreements: CurrentAgreements }>('/v1/my/consent', { method: 'POST', body: { agreements } });

/** POST /v1/my/privacy: 个性化推荐 on or off. */
export const savePersonalized = (personalized: boolean) =>
  api<{ personalized: boolean }>('/v1/my/privacy', { method: 'POST', body: { personalized } });

/** POST /v1/binding: binds a phone; `merged` when an existing phone account absorbed this one. */
export const bindPhone = (body: { phone: string; code: string }) => api<{ merged: boolean }>('/v1/binding', { method: 'POST', body });

/** POST /v1/members/language: the member's content language. */
export const saveLanguage = (languageType: LanguageType) =>
  api('/v1/members/language', { method: 'POST', body: { language_type: languageType } });

/** POST /v1/my/birth_date (docs/accounts.md "Minors"). */
export const saveBirthDate = (birthDate: string) =>
  api<{ birth_date: string; is_minor: boolean }>('/v1/my/birth_date', { method: 'POST', body: { birth_date: birthDate } });

/** POST /v1/my/guardian_consent (docs/accounts.md "Minors"). */
export const saveGuardianConsent = (body: { guardian_name: string; guardian_phone: string; relation: string }) =>
  api('/v1/my/guardian_consent', { method: 'POST', body });

/**
 * POST /v1/my/settings {hide_games} (docs/games.md "Closing game recommendations"): the one home of the member's
 * game setting, whether asked on a slot, on /m/games or switched on 我的. The answer is the stored setting.
 */
export const saveHideGames = (hide: boolean) => api<MySettingsDto>('/v1/my/settings', { method: 'POST', body: { hide_games: hide } });

/**
 * Sign-out (docs/accounts.md): POST /v1/logout, then this browser's member cookies are cleared. Silent and never
 * failing: the member leaves either way (the 我的 button, a blocked member's page, the route guard whose session is
 * already gone), so a refusal must not toast or send anyone to sign in on the way out. The caller navigates.
 */
export async function signOut(): Promise<void> {
  await api('/v1/logout', { method: 'POST', body: {}, silent: true }).catch(() => undefined);
  clearMember();
}
