import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '../core/errors';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Staff and content jobs send ADMIN_TOKEN in the x-admin-token header; without ADMIN_TOKEN set the admin API is
 * closed. Both sides are hashed first: equal-length digests make the comparison constant-time and never throw,
 * whatever bytes (non-ASCII, any length) the header carries (docs/api.md "Auth modes").
 */
export function assertAdminToken(headers: Headers): void {
  const expected = process.env.ADMIN_TOKEN;
  const given = headers.get('x-admin-token');
  if (!expected || given === null || !timingSafeEqual(digest(expected), digest(given)))
    throw new ApiError(CODES.forbidden, SERVER_MSG.adminOnly);
}
