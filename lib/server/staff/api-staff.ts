import 'server-only';
import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '../core/errors';
import { assertAdminToken } from '../http/admin';
import { can, type Permission } from '../core/roles';
import { findStaffByToken } from './sessions';

/**
 * A staff-only /v1/admin read (docs/console.md "Roles and permissions"): a job or monitor with ADMIN_TOKEN in
 * x-admin-token, or a signed-in staff member (console session cookie, or its token in x-staff-token) whose role
 * holds `permission`. Anyone else gets 40300. The console pages themselves call the services directly.
 */
export async function assertStaffApi(req: NextRequest, permission: Permission): Promise<void> {
  if (req.headers.get('x-admin-token') !== null) return assertAdminToken(req.headers);
  const staff = await findStaffByToken(req.headers.get('x-staff-token') ?? req.cookies.get(STAFF_COOKIE)?.value);
  if (!staff) throw new ApiError(CODES.forbidden, SERVER_MSG.adminOnly);
  if (!can(staff.role, permission)) throw new ApiError(CODES.forbidden, SERVER_MSG.staffForbidden);
}
