import 'server-only';

export interface OAuthIdentity {
  subject: string;
  nickname?: string;
  avatar?: string;
  unionId?: string;
  /** The messaging app's `subscribe` when its user info carries it: follows the official account (docs/members.md "Follow state"). */
  subscribe?: boolean;
}

/** An OAuth 2.0 authorization-code provider (the messaging app's web OAuth, or the local one). */
export interface OAuthProvider {
  readonly name: string;
  authorizeUrl(input: { state: string; redirectUri: string; origin: string }): string;
  exchange(input: { code: string; redirectUri: string }): Promise<OAuthIdentity>;
}
