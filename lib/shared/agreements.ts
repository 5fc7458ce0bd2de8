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

/** The current version of each document as the pages and GET /v1/agreements hand them out. */
export interface AgreementHead {
  kind: AgreementKind;
  version: number;
  title: string;
  /** ISO time the version took effect. */
  effective_at: string;
}

export type CurrentAgreements = Record<AgreementKind, AgreementHead>;

export const versionsOf = (current: CurrentAgreements): AgreedVersions => ({
  user: current.user.version,
  privacy: current.privacy.version,
});

/** Response header of /v1 calls by a member who has not agreed to a current version yet: the documents, comma-separated. */
export const CONSENT_DUE_HEADER = 'x-consent-due';

/** The channels a consent is recorded through (docs/agreements.md "Consent records"). */
export const CONSENT_CHANNELS = ['sms', 'guest', 'oauth', 'wechat', 're-consent'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** /oauth/start with the return path and the ticked versions; the route checks them before leaving for the provider. */
export const oauthStartPath = (next: string, agreed: AgreedVersions) =>
  `/oauth/start?next=${encodeURIComponent(next)}&agree_user=${agreed.user}&agree_privacy=${agreed.privacy}`;
