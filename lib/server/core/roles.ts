import 'server-only';

/** Staff roles (docs/console.md "Roles and permissions"). */
export type StaffRole = 'admin' | 'moderator' | 'editor' | 'finance';
export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'moderator', 'editor', 'finance'];

/**
 * What a staff member may do. `audit:own` is the audit log filtered to the viewer's own rows of the areas its role
 * may act on (audit.ts), `audit:all` everyone's. `finance` reads revenue by novel and author (docs/wallet.md "Revenue by novel"). Editors hold the
 * dashboard, their own audit trail, the activity centre's wheel and coupon mall (`activity`: docs/activity-wheel.md
 * "Console"), the novels and chapters (`content`: docs/content.md), the storefront (`storefront`:
 * docs/storefront.md) and `selling`'s promotions and gifts. `members` is the member lookup, blocks, follow
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
  // Home layouts, carousels, lists, book lists and search hot words (docs/storefront.md).
  | 'storefront'
  // Novels and chapters: import, edit, shelf, pricing, scheduled chapters (docs/content.md).
  | 'content'
  // Selling (docs/selling.md "Who may edit what"): promotions, the promotion popup and tip gifts are the content
  // team's; products and coupons set what money buys, so they are `selling:money`, admins' and finance's only.
  | 'selling'
  | 'selling:money'
  // A member's page (docs/members.md "Member page"): profile, wallet, orders, history; finance reads it for refunds.
  | 'members:view'
  // Whole phone numbers: shown only on request, and each view is audited (member.phone_view).
  | 'members:phone'
  // Orders, refunds and the ledger audit (docs/wallet.md "Refunds", "Ledger audit"); the dashboard's money figures.
  | 'orders'
  | 'refunds'
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
    'storefront',
    'content',
    'selling',
    'selling:money',
    'members:view',
    'members:phone',
    'orders',
    'refunds',
    'listening',
    'config',
  ],
  moderator: ['dashboard', 'moderation', 'words', 'announcements', 'audit:own', 'members', 'members:view'],
  editor: ['dashboard', 'audit:own', 'activity', 'games', 'experiments', 'ads', 'storefront', 'content', 'selling', 'listening'],
  finance: ['dashboard', 'audit:own', 'finance', 'selling:money', 'members:view', 'orders', 'refunds'],
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && PERMISSIONS[role].includes(permission);
}
