import './schemas/zod-locale';
import { z } from 'zod';
import { MSG } from './messages';

/**
 * The two documents a member agrees to before signing in (docs/agreements.md "Documents and versions"), their
 * names and public pages. Isomorphic: the sign-in page, the re-consent sheet and the server share them.
 */
export const AGREEMENT_KINDS = ['user', 'privacy'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export const AGREEMENT_NAMES: Record<AgreementKind, string> = { user: '用户协议', privacy: '隐私政策' };

export const agreementPath = (kind: AgreementKind) => `/m/agreements/${kind}`;

/** The versions a member agreed to, one per document; the server compares them with the current ones. */
export interface AgreedVersions {
  user: number;
  privacy: number;
}

const versionSchema = z.number({ error: MSG.consentRequired }).int({ error: MSG.consentRequired }).min(1, { error: MSG.consentRequired }).max(1_000_000, { error: MSG.consentRequired });

/** `agreements: {user, privacy}` in a sign-in or re-consent body; missing is refused by the consent check, not here. */
export const agreedVersionsSchema = z.object({ user: versionSchema, privacy: versionSchema }, { error: MSG.consentRequired });

/** The current version of each document as the pages and GET /v1/agreements hand them out. */
export interface AgreementHead {
  kind: AgreementKind;
  version: number;
  title: string;
  /** ISO time the version took effect. */
  effective_at: string;
}

export type CurrentAgreements = Record<AgreementKind, AgreementHead>;

export const versionsOf = (current: CurrentAgreements): AgreedVersions => ({ user: current.user.version, privacy: current.privacy.version });

/** Response header of /v1 calls by a member who has not agreed to a current version yet: the documents, comma-separated. */
export const CONSENT_DUE_HEADER = 'x-consent-due';

/** The channels a consent is recorded through (docs/agreements.md "Consent records"). */
export const CONSENT_CHANNELS = ['sms', 'guest', 'oauth', 'wechat', 're-consent'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
