import 'server-only';

/** Staff roles (docs/console.md "Roles and permissions"). */
export type StaffRole = 'admin' | 'moderator' | 'editor' | 'finance';
export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'moderator', 'editor', 'finance'];

/**
 * What a staff member may do. `audit:own` is the audit log filtered to the viewer's own actions, `audit:all`
 * everyone's. `finance` reads revenue by novel and author (docs/wallet.md "Revenue by novel"). Editors hold only
 * the dashboard, their own audit trail and the activity centre's wheel and coupon mall (`activity`: docs/activity-wheel.md
 * "Console") until the content part of the console gives them more. `members` is the member lookup, blocks, follow
 * state and the follow gate (docs/members.md): admins and moderators, who also answer the block appeals.
 * `listening` is the synthesis queue, re-voicing and the audio storage cap (admins and editors); `config` the
 * runtime flags (admins only).
 */
export type Permission =
  | 'dashboard'
  | 'moderation'
  | 'words'
  | 'announcements'
  | 'audit:own'
  | 'audit:all'
  | 'staff'
  | 'finance'
  | 'activity'
  // H5 game recommendations and A/B experiments (docs/games.md "Console", docs/experiments.md "Console").
  | 'games'
  | 'experiments'
  // Member lookup, blocks and appeals, follow state (docs/members.md "Console").
  | 'members'
  // Our own ads: placements, targeting, schedule, caps and their figures (docs/ads.md "Console").
  | 'ads'
  // The synthesis queue, re-voicing and audio storage (docs/listening.md "Operations").
  | 'listening'
  // Runtime config flags (docs/config-flags.md): admins only.
  | 'config';

export const PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: [
    'dashboard',
    'moderation',
    'words',
    'announcements',
    'audit:own',
    'audit:all',
    'staff',
    'finance',
    'activity',
    'games',
    'experiments',
    'members',
    'ads',
    'listening',
    'config',
  ],
  moderator: ['dashboard', 'moderation', 'words', 'announcements', 'audit:own', 'members'],
  editor: ['dashboard', 'audit:own', 'activity', 'games', 'experiments', 'ads', 'listening'],
  finance: ['dashboard', 'audit:own', 'finance'],
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && PERMISSIONS[role].includes(permission);
}
