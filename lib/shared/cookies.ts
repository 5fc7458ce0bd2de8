/** Member cookies (docs/accounts.md "Sessions and cookies"): the id is readable by the page, the token is HttpOnly. */
export const COOKIE = {
  memberId: 'member_id',
  memberToken: 'member_token',
  // Tracking id, also sent as the x-zaid header.
  tracking: 'zaid',
  refLink: 'ref_link_id',
} as const;

export const HEADER = {
  sig: 'x-sig',
  platform: 'x-platform',
  channel: 'x-channel-id',
  refLink: 'x-ref-link-id',
  zaid: 'x-zaid',
  requestId: 'x-request-id',
} as const;

/** The staff console's session cookie (docs/console.md "Sessions"): HttpOnly, SameSite=Strict, scoped to /admin. */
export const STAFF_COOKIE = 'staff_token';
/** The console's pending second-factor step (docs/console.md "Second factor"): a challenge token, 5 minutes. */
export const STAFF_CHALLENGE_COOKIE = 'staff_challenge';

/**
 * A reader's own write to something public answers show (a tip, a vote, a comment: docs/deploy.md "What may lag"):
 * the write's time in ms, readable by the page. While it lives, that reader's reads go past every shared cache —
 * nginx bypasses its cache for requests carrying it, the app answers them `private, no-store`, and the client adds
 * `fresh=` for caches that ignore cookies — so they see their own write at once while others may lag.
 */
export const OWN_WRITE_COOKIE = 'own_write_at';
/** As long as a shared copy from before the write may be served: max-age 60 s plus stale-while-revalidate 300 s. */
export const OWN_WRITE_WINDOW_S = 60 + 300;

/**
 * Set by the server on a member in 青少年模式 (docs/minors-mode.md "Only suitable novels"): a routing hint, never the
 * decision. nginx passes its cache for requests carrying it and the route guard sends its holder's home and novel
 * pages to their suitable-only renders; every API answer and page of the suitable catalogue is chosen from the
 * member's mode on the server, which sets or clears this cookie whenever it reads the mode.
 */
export const MINORS_COOKIE = 'minors_mode';
