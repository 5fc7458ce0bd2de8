import { SIGNATURE_LENGTH } from '@/lib/shared/constants';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** x-sig: 16 characters of a random id; on mutations it is the idempotency key. */
export function createSignature(): string {
  const bytes = new Uint8Array(SIGNATURE_LENGTH);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
