import 'server-only';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff passwords: scrypt, memory-hard (docs/console.md "Passwords"). N = 2^15, r = 8, p = 1 costs 32 MiB and
 * about 100 ms per hash on one core here, so a stolen table is slow to attack while a sign-in stays quick.
 * The parameters travel inside each stored hash, so raising them later leaves old hashes verifiable.
 */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltBytes: 16 } as const;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  // 128·N·r bytes is exactly Node's default 32 MiB cap at these parameters: give the allocation headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * The N new hashes get. The test suite creates and signs in staff some 200 times a pass, 20 s of a core at the real
 * cost for nothing its tests check; under NODE_ENV=test only, STAFF_SCRYPT_TEST_N (test/setup-node.ts) lowers it.
 * A hash records its own N, so verification is the same either way, and lib/server/staff/staff.test.ts checks the
 * real N.
 */
export function scryptN(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): number {
  const lowered = env.NODE_ENV === 'test' ? Number(env.STAFF_SCRYPT_TEST_N) : Number.NaN;
  return Number.isInteger(lowered) && lowered >= 1024 && lowered < SCRYPT.N ? lowered : SCRYPT.N;
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const N = scryptN();
  const key = await derive(password, salt, N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (!salt.length || expected.length < 16) return false;
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A well-formed hash of nothing anyone knows: unknown usernames are checked against it so they take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}
