/** The one response envelope (docs/api.md): success has code 0. */
export interface ApiSuccess<T> {
  code: 0;
  message: '';
  data: T;
}
export interface ApiFailure {
  code: number;
  message: string;
  data?: unknown;
  request_id?: string;
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Business codes 9xxxx plus our own 4xxxx/5xxxx (README "Error codes", docs/api.md). */
export const CODES = {
  ok: 0,
  paymentNeeded: 90001,
  notLoggedIn: 90002,
  follow: 90010,
  unblock: 90303,
  wholeBook: 90400,
  offShelf: 90401,
  minorsMode: 90420,
  validation: 40000,
  forbidden: 40300,
  notFound: 40400,
  methodNotAllowed: 40500,
  conflict: 40900,
  tooLarge: 41300,
  loadShed: 41800,
  rateLimited: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;
