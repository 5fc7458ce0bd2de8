import 'server-only';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from './errors';
import { can, type Permission } from './roles';

/** Who is acting in the console, and from where: every service that changes something takes one. */
export interface StaffActor {
  id: number;
  role: string;
  /** The client address (clientIp), written to the audit row. */
  ip: string;
}

/** The server-side role check every console action starts with; the pages' hidden buttons are only a courtesy. */
export function assertCan(actor: StaffActor, permission: Permission): void {
  if (!can(actor.role, permission)) throw new ApiError(CODES.forbidden, SERVER_MSG.staffForbidden);
}
