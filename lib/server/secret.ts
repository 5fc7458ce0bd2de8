import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { dataDir } from './env';

const holder = globalThis as typeof globalThis & { __shushengSecret?: string };

/**
 * The key behind every HMAC the server issues (SMS code hashes, OAuth state, signed URLs).
 * APP_SECRET in production; otherwise one is generated once and kept in the data directory.
 */
export function appSecret(): string {
  if (holder.__shushengSecret) return holder.__shushengSecret;
  let secret = process.env.APP_SECRET;
  if (!secret) {
    const file = path.join(dataDir(), 'app-secret');
    try {
      secret = fs.readFileSync(file, 'utf8').trim();
    } catch {
      secret = randomBytes(32).toString('hex');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, secret, { mode: 0o600 });
    }
  }
  holder.__shushengSecret = secret;
  return secret;
}

export function hmac(value: string): string {
  return createHmac('sha256', appSecret()).update(value).digest('hex');
}
