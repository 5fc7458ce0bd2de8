import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { getDb, type Tx } from '../db/client';
import { memberBlocks, members, staffUsers } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { activeBlock } from '../accounts/current-member';
import { blockedTokensChanged } from './blocked-tokens';

const E = MEMBER_TEXT.console.errors;
export const BLOCK_REASON_MAX = 200;
const TEN_YEARS_MS = 10 * 366 * 24 * 3600 * 1000;

/**
 * Staff blocks (docs/members.md "Blocks"). A block is a member_blocks row (history kept) plus the members row's
 * block_id / blocked_until, which the session lookup reads so every call can be refused without another query.
 * A block ends by itself when blocked_until passes; lifting ends it early and clears both columns.
 */

export interface BlockInput {
  reason: string;
  /** null: permanent */
  endsAt: Date | null;
}

function checkInput(input: BlockInput, now: Date): BlockInput {
  const reason = input.reason.trim();
  if (!reason) throw invalid(E.reasonRequired);
  if (reason.length > BLOCK_REASON_MAX) throw invalid(E.reasonTooLong);
  if (input.endsAt) {
    if (Number.isNaN(input.endsAt.getTime())) throw invalid(E.endRequired);
    if (input.endsAt.getTime() <= now.getTime()) throw invalid(E.endPast);
    if (input.endsAt.getTime() - now.getTime() > TEN_YEARS_MS) throw invalid(E.endTooFar);
  }
  return { reason, endsAt: input.endsAt };
}

/** Blocks a member who is not blocked now (a block in force must be lifted first: 409). */
export async function blockMember(actor: StaffActor, memberId: number, input: BlockInput, now = new Date()): Promise<number> {
  assertCan(actor, 'members');
  const { reason, endsAt } = checkInput(input, now);
  const id = await getDb().transaction(async (tx) => {
    // The row lock serialises two staff blocking the same member at once.
    const [member] = await tx
      .select({ id: members.id, blockId: members.blockId, blockedUntil: members.blockedUntil })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    if (!member) throw notFound(E.memberMissing);
    if (activeBlock(member.blockId, member.blockedUntil, now)) throw new ApiError(CODES.conflict, E.alreadyBlocked);
    const [block] = await tx
      .insert(memberBlocks)
      .values({ memberId, reason, endsAt, createdBy: actor.id, createdAt: now })
      .returning({ id: memberBlocks.id });
    await tx.update(members).set({ blockId: block!.id, blockedUntil: endsAt, updatedAt: now }).where(eq(members.id, memberId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'member.block',
      targetType: 'member',
      targetId: memberId,
      detail: { block_id: block!.id, reason, ends_at: endsAt?.toISOString() ?? null },
      ip: actor.ip,
    });
    return block!.id;
  });
  blockedTokensChanged();
  return id;
}

/**
 * Ends the member's block in force now (409 when there is none), in the caller's transaction: the console's lift
 * and an accepted appeal share it.
 */
export async function liftInTx(tx: Tx, actor: StaffActor, memberId: number, note: string | null, now: Date, via: 'console' | 'appeal') {
  const [member] = await tx
    .select({ id: members.id, blockId: members.blockId, blockedUntil: members.blockedUntil })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!member) throw notFound(E.memberMissing);
  const block = activeBlock(member.blockId, member.blockedUntil, now);
  if (!block) throw new ApiError(CODES.conflict, E.notBlocked);
  await tx
    .update(memberBlocks)
    .set({ liftedAt: now, liftedBy: actor.id, liftNote: note })
    .where(and(eq(memberBlocks.id, block.id), isNull(memberBlocks.liftedAt)));
  await tx.update(members).set({ blockId: null, blockedUntil: null, updatedAt: now }).where(eq(members.id, memberId));
  await writeAudit(tx, {
    staffId: actor.id,
    action: 'member.unblock',
    targetType: 'member',
    targetId: memberId,
    detail: { block_id: block.id, note, via },
    ip: actor.ip,
  });
  return block.id;
}

export async function liftBlock(actor: StaffActor, memberId: number, note?: string, now = new Date()): Promise<void> {
  assertCan(actor, 'members');
  const why = note?.trim().slice(0, BLOCK_REASON_MAX) || null;
  await getDb().transaction((tx) => liftInTx(tx, actor, memberId, why, now, 'console'));
  blockedTokensChanged();
}

export interface BlockRecord {
  id: number;
  reason: string;
  endsAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  liftedAt: Date | null;
  liftNote: string | null;
  appealText: string | null;
  appealStatus: string | null;
  appealReply: string | null;
}

/** A member's blocks, newest first, for the console. */
export async function blockHistory(memberId: number, limit = 20): Promise<BlockRecord[]> {
  return getDb()
    .select({
      id: memberBlocks.id,
      reason: memberBlocks.reason,
      endsAt: memberBlocks.endsAt,
      createdAt: memberBlocks.createdAt,
      createdBy: staffUsers.displayName,
      liftedAt: memberBlocks.liftedAt,
      liftNote: memberBlocks.liftNote,
      appealText: memberBlocks.appealText,
      appealStatus: memberBlocks.appealStatus,
      appealReply: memberBlocks.appealReply,
    })
    .from(memberBlocks)
    .leftJoin(staffUsers, eq(staffUsers.id, memberBlocks.createdBy))
    .where(eq(memberBlocks.memberId, memberId))
    .orderBy(desc(memberBlocks.createdAt), desc(memberBlocks.id))
    .limit(limit);
}
