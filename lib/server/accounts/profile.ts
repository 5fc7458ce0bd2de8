import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';
import { CODES } from '@/lib/shared/dto/envelope';
import { getDb } from '../db/client';
import { members } from '../db/schema';
import { ApiError } from '../core/errors';
import { memberBalance } from '../wallet/balances';
import { getPeriodState } from '../wallet/vip';
import { liveTickets } from '../wallet/tickets';
import { activityFlags, BONUS_HUNTER_TAG } from './activity-flags';
import { ageOn, ADULT_AGE } from '../wallet/minors';
import { gameVisibility } from '../games/visibility';
import { DEFAULT_AVATAR } from '../core/display';

export const EXTRA_FIELDS = ['phone', 'birth_date', 'guardian', 'created_at', 'short_drama'] as const;
type Extra = (typeof EXTRA_FIELDS)[number];

export interface Profile {
  id: number;
  member_id: number;
  nickname: string;
  headimgurl: string;
  welth: number;
  welth_coupon: number;
  tickets: number;
  language_type: number;
  tags: string[];
  spinwin: boolean;
  is_guest: boolean;
  is_paid: boolean;
  vip_expires_at: string | null;
  phone?: string | null;
  birth_date?: string | null;
  is_minor?: boolean;
  guardian_consent?: boolean;
  created_at?: string;
  short_drama_vip?: { active: boolean; expires_at: string | null };
  /** Closed game recommendations (docs/games.md "Closing game recommendations"); held on the member. */
  hide_games: boolean;
  /** A paid member still to be asked whether to close them. */
  ask_hide_games: boolean;
}

export function parseExtraFields(raw: string | undefined): Extra[] {
  return (raw ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f): f is Extra => (EXTRA_FIELDS as readonly string[]).includes(f));
}

/** The signed-in member's profile; extra fields only when asked for (docs/accounts.md "Profile and language"). */
export async function getProfile(memberId: number, extra: Extra[] = []): Promise<Profile> {
  const db = getDb();
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw new ApiError(CODES.notLoggedIn);
  const [balance, vip, flags, games] = await Promise.all([
    memberBalance(memberId),
    getPeriodState(memberId, 'vip'),
    activityFlags(db, memberId),
    gameVisibility(memberId),
  ]);
  // The live ticket balance: lapsed lots expire first and this month's VIP grant is given (docs/gifts-votes.md).
  const tickets = await liveTickets(memberId, new Date(), vip.active);
  const profile: Profile = {
    id: member.id,
    member_id: member.id,
    nickname: member.nickname ?? SERVER_MSG.memberNickname(member.id),
    headimgurl: member.avatar ?? DEFAULT_AVATAR,
    ...balance,
    tickets,
    language_type: member.languageType ?? DEFAULT_LANGUAGE_TYPE,
    tags: [...member.tags.filter((t) => t !== BONUS_HUNTER_TAG), ...(flags.bonusHunter ? [BONUS_HUNTER_TAG] : [])],
    spinwin: flags.spinwin,
    is_guest: member.isGuest,
    is_paid: vip.active,
    vip_expires_at: vip.expires_at,
    hide_games: games.hideGames,
    ask_hide_games: games.askHide,
  };
  if (extra.includes('phone')) profile.phone = member.phone ? `${member.phone.slice(0, 3)}****${member.phone.slice(7)}` : null;
  if (extra.includes('birth_date')) {
    profile.birth_date = member.birthDate;
    profile.is_minor = member.birthDate ? ageOn(member.birthDate) < ADULT_AGE : false;
  }
  if (extra.includes('guardian')) profile.guardian_consent = member.guardianConsentAt !== null;
  if (extra.includes('created_at')) profile.created_at = member.createdAt.toISOString();
  if (extra.includes('short_drama')) profile.short_drama_vip = await getPeriodState(memberId, 'short_drama');
  return profile;
}

export async function setLanguage(memberId: number, languageType: number): Promise<{ language_type: number }> {
  await getDb().update(members).set({ languageType, updatedAt: new Date() }).where(eq(members.id, memberId));
  return { language_type: languageType };
}
