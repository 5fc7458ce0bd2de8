import 'server-only';
import { eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { getDb } from '../db/client';
import { chapters } from '../db/schema';
import { ApiError } from '../core/errors';
import { cachedFlags } from '../config/flags-cache';
import type { Access } from '../wallet/entitlement';
import { isFollowing } from '../accounts/follows';

/**
 * The follow gate (docs/members.md "Follow gate"): with config `follow_gate: { after_chapter: N }`, a reader inside
 * the messaging app who opens a chapter whose index is above N answers 90010 until they follow the official
 * account. Never gated: readers outside the app, chapters up to N, chapters the reader owns (bought, whole book,
 * VIP-free for a VIP), and everyone while the flag is null.
 */

/** Whether the gate, if on, covers a chapter of this index (a free chapter's answer then may not sit in a shared cache). */
export function gateCovers(idx: number): boolean {
  const gate = cachedFlags().follow_gate;
  return gate !== null && gate !== undefined && idx > gate.after_chapter;
}

const OWNED: ReadonlySet<Access> = new Set(['unlocked', 'whole_book', 'vip_free']);

export async function assertFollowGate(input: {
  memberId: number | null;
  chapterId: number;
  novelId: number;
  idx: number;
  access: Access;
  inMessagingApp: boolean;
}): Promise<void> {
  if (!input.inMessagingApp || !gateCovers(input.idx) || OWNED.has(input.access)) return;
  if (input.memberId !== null && (await isFollowing(input.memberId))) return;
  throw new ApiError(CODES.follow, undefined, { article_id: input.chapterId, novel_id: input.novelId });
}

/** The same gate for a chapter known by id only (the audio calls); reads the index only when the gate could apply. */
export async function assertFollowGateById(memberId: number | null, chapterId: number, access: Access, inMessagingApp: boolean) {
  if (!inMessagingApp || !cachedFlags().follow_gate || OWNED.has(access)) return;
  const [row] = await getDb().select({ idx: chapters.idx, novelId: chapters.novelId }).from(chapters).where(eq(chapters.id, chapterId));
  if (row) await assertFollowGate({ memberId, chapterId, novelId: row.novelId, idx: row.idx, access, inMessagingApp });
}
