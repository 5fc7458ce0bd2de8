import { businessDayOf } from './business-time';

/** Under this age a member is a minor (docs/accounts.md "Minors"). */
export const ADULT_AGE = 18;

/**
 * Whole years from a YYYY-MM-DD birth date to the business day of `on`: a year is complete on the birthday (on 28
 * February for a 29 February birthday outside leap years).
 */
export function ageOn(birthDate: string, on: Date = new Date()): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = businessDayOf(on).split('-').map(Number) as [number, number, number];
  const birthday = Math.min(bd, new Date(Date.UTC(y, bm, 0)).getUTCDate());
  return y - by - (m < bm || (m === bm && d < birthday) ? 1 : 0);
}

/** Whether a declared birth date makes the member a minor on `on` (no birth date: not known to be one). */
export function isMinorOn(birthDate: string | null | undefined, on: Date = new Date()): boolean {
  return Boolean(birthDate) && ageOn(birthDate!, on) < ADULT_AGE;
}
