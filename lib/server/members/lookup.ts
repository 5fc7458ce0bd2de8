import 'server-only';
import { desc, eq, ilike } from 'drizzle-orm';
import { getDb } from '../db/client';
import { members } from '../db/schema';
import { activeBlock } from '../accounts/current-member';
import { assertCan, type StaffActor } from '../core/actor';
import { followState } from '../accounts/follows';

/** The console's member lookup (docs/members.md "Console"): by id, full phone number or nickname; phones masked. */

export interface MemberRow {
  id: number;
  nickname: string | null;
  /** Masked: 138****1234. The console never shows a whole number. */
  phone: string | null;
  isGuest: boolean;
  createdAt: Date;
  block: { id: number; endsAt: Date | null } | null;
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

const fields = {
  id: members.id,
  nickname: members.nickname,
  phone: members.phone,
  isGuest: members.isGuest,
  createdAt: members.createdAt,
  blockId: members.blockId,
  blockedUntil: members.blockedUntil,
};

type Raw = {
  id: number;
  nickname: string | null;
  phone: string | null;
  isGuest: boolean;
  createdAt: Date;
  blockId: number | null;
  blockedUntil: Date | null;
};

function shape(r: Raw, now: Date): MemberRow {
  return {
    id: r.id,
    nickname: r.nickname,
    phone: maskPhone(r.phone),
    isGuest: r.isGuest,
    createdAt: r.createdAt,
    block: activeBlock(r.blockId, r.blockedUntil, now),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to 20 members: an id (digits up to 10), a whole phone number (11 digits, +86 allowed), else a nickname substring. */
export async function findMembers(actor: StaffActor, raw: string, now = new Date()): Promise<MemberRow[]> {
  assertCan(actor, 'members');
  const q = raw.trim().slice(0, 64);
  if (!q) return [];
  const db = getDb();
  const digits = q.replace(/^\+?86/, '').replace(/[\s-]/g, '');
  const rows: Raw[] = [];
  if (/^1\d{10}$/.test(digits)) rows.push(...(await db.select(fields).from(members).where(eq(members.phone, digits)).limit(1)));
  if (/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647)
    rows.push(
      ...(await db
        .select(fields)
        .from(members)
        .where(eq(members.id, Number(q)))
        .limit(1)),
    );
  rows.push(
    ...(await db
      .select(fields)
      .from(members)
      .where(ilike(members.nickname, `%${escapeLike(q)}%`))
      .orderBy(desc(members.id))
      .limit(20)),
  );
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .slice(0, 20)
    .map((r) => shape(r, now));
}

export async function getMemberForConsole(actor: StaffActor, id: number, now = new Date()) {
  assertCan(actor, 'members');
  const [row] = await getDb().select(fields).from(members).where(eq(members.id, id));
  if (!row) return null;
  return { ...shape(row, now), follow: await followState(id) };
}
