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
