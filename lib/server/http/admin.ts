import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { timingSafeEqual } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { ApiError } from './errors';

/** Staff and content jobs send ADMIN_TOKEN in the x-admin-token header; without ADMIN_TOKEN set the admin API is closed. */
export function assertAdmin(req: NextRequest): void {
  const expected = process.env.ADMIN_TOKEN;
  const given = req.headers.get('x-admin-token') ?? '';
  const ok = Boolean(expected) && expected!.length === given.length && timingSafeEqual(Buffer.from(expected!), Buffer.from(given));
  if (!ok) throw new ApiError(CODES.forbidden, SERVER_MSG.adminForbidden);
}
