import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';

/** The image a member without an avatar shows wherever members appear: profile, comments, fans and tippers. */
export const DEFAULT_AVATAR = '/avatars/default.svg';

/** A member without a nickname (a tipper, a commenter) shows a generic guest name. */
export const GUEST_NAME = SERVER_MSG.readerName;
