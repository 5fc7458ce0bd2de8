import 'server-only';

export interface OAuthIdentity {
  subject: string;
  nickname?: string;
  avatar?: string;
  unionId?: string;
}

/** An OAuth 2.0 authorization-code provider (the messaging app's web OAuth, or the local one). */
export interface OAuthProvider {
  readonly name: string;
  authorizeUrl(input: { state: string; redirectUri: string; origin: string }): string;
  exchange(input: { code: string; redirectUri: string }): Promise<OAuthIdentity>;
}
