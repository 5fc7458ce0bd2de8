import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVER_MSG } from '@/lib/server/messages';
import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { ApiError } from './errors';

/** Staff and content jobs send ADMIN_TOKEN in the x-admin-token header; without ADMIN_TOKEN set the admin API is closed. */
export function assertAdmin(req: NextRequest): void {
  const expected = process.env.ADMIN_TOKEN;
  const given = req.headers.get('x-admin-token') ?? '';
  // Digests have one length whatever was sent: a header of the same length in characters but not in bytes
  // (non-ASCII) would make timingSafeEqual throw.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const ok = Boolean(expected) && timingSafeEqual(digest(expected!), digest(given));
  if (!ok) throw new ApiError(CODES.forbidden, SERVER_MSG.adminForbidden);
}
