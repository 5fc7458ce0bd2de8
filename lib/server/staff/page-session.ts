import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { clientIp } from '../core/client-ip';
import type { StaffActor } from '../core/actor';
import { withFlash } from './flash';
import { can, type Permission } from '../core/roles';
import { findStaffByToken, type SignedInStaff } from './sessions';

export interface PageStaff extends SignedInStaff {
  actor: StaffActor;
  can: (permission: Permission) => boolean;
}

/**
 * The signed-in staff member of a console page, or a redirect: to the sign-in form without a live session, to the
 * dashboard with a refusal when the role lacks `permission`. The proxy only checks that the cookie exists.
 */
export async function requireStaff(permission: Permission = 'dashboard'): Promise<PageStaff> {
  const staff = await findStaffByToken((await cookies()).get(STAFF_COOKIE)?.value);
  if (!staff) redirect('/admin/login');
  if (!can(staff.role, permission)) redirect(withFlash('/admin', { kind: 'err', text: SERVER_MSG.staffForbidden }));
  const actor: StaffActor = { id: staff.id, role: staff.role, ip: clientIp({ headers: await headers() }) };
  return { ...staff, actor, can: (p) => can(staff.role, p) };
}

/** For the sign-in page: already signed in goes straight to the dashboard. */
export async function signedInStaff(): Promise<SignedInStaff | null> {
  return findStaffByToken((await cookies()).get(STAFF_COOKIE)?.value);
}
