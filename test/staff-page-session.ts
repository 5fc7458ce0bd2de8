import { can, type Permission, type StaffRole } from '@/lib/server/core/roles';

/**
 * A stand-in for `lib/server/staff/page-session` in page tests: the console page renders for one member of staff
 * of the given role, with that role's real permissions (docs/console.md "Roles and permissions"). Use it from a
 * `jest.mock` factory: `jest.requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session').pageSessionAs(…)`.
 */
export function pageSessionAs(staff: { id?: number; username: string; displayName: string; role: StaffRole }) {
  const id = staff.id ?? 1;
  return {
    requireStaff: async () => ({
      id,
      username: staff.username,
      displayName: staff.displayName,
      role: staff.role,
      actor: { id, role: staff.role, ip: '' },
      can: (p: Permission) => can(staff.role, p),
    }),
  };
}
