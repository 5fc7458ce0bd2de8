import { randomBytes } from 'node:crypto';

/** A fresh x-sig header, as the app's client sends on every call (docs/api.md "x-sig"); mutations need one. */
export function sigHeader(): { 'x-sig': string } {
  return { 'x-sig': randomBytes(12).toString('base64url') };
}
