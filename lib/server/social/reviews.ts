import 'server-only';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { Comment, LongCommentConfig, ReviewSituation, ReviewState, RewardClaim } from '@/lib/shared/dto/community';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { comments } from '../db/schema';
import { ApiError, invalid } from '../core/errors';
import { getNovelOrThrow } from '../catalog/novels';
import { credit } from '../wallet/credit';
import { memberBalance } from '../wallet/balances';
import { commentFor } from './comments';
import { charCount, claimWriteSlot, communityRules, contentHash, enforceCommentLimits, reviewCharCount } from './limits';
import { screenText } from './text-check';

/**
 * Long reviews (docs/community.md "Long reviews"): one per member and novel, type 1 with isLongComment, held for a
 * moderator: 'pending' → 'reviewing' → 'approved' (rewardAmount set, claimable once) | 'rejected' (rejectReason).
 * The author may re-edit a review while it is 'pending' (nobody has opened it yet), after it was 'rejected', or
 * after staff 'removed' it — each edit sends it back to 'pending'. Never while 'reviewing', never once approved.
 */
const EDITABLE = new Set(['pending', 'rejected', 'removed']);

/** Submits or re-edits the member's long review of a novel. */
export async function submitReview(memberId: number, novelId: number, raw: string, now = new Date()): Promise<Comment> {
  const rules = communityRules();
  const content = raw.trim();
  if (reviewCharCount(content) < rules.long_review_min) throw invalid(SERVER_MSG.reviewTooShort(rules.long_review_min));
  if (charCount(content) > rules.long_review_max) throw invalid(SERVER_MSG.reviewTooLong(rules.long_review_max));
  const { held } = await screenText(content);
  const hash = contentHash(content);
  const id = await getDb().transaction(async (tx) => {
    // Before the row lock below: a second parallel submission is refused here instead of queueing on that row.
    await claimWriteSlot(tx, memberId);
    const [existing] = await tx
      .select({ id: comments.id, status: comments.status })
      .from(comments)
      .where(and(eq(comments.novelId, novelId), eq(comments.memberId, memberId), eq(comments.isLongComment, true)))
      .for('update');
    if (existing && !EDITABLE.has(existing.status)) {
      throw new ApiError(CODES.conflict, existing.status === 'reviewing' ? SERVER_MSG.reviewInReview : SERVER_MSG.reviewApprovedFinal);
    }
    await enforceCommentLimits(tx, memberId, hash, now, existing?.id);
    const fields = {
      content,
      contentHash: hash,
      status: 'pending',
      heldFor: held,
      rejectReason: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: now,
    };
    if (existing) {
      await tx.update(comments).set(fields).where(eq(comments.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(comments)
      .values({ ...fields, novelId, memberId, type: 1, isLongComment: true, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: comments.id });
    // Lost a race with the same member's other first submission: that one stands.
    if (!row) throw new ApiError(CODES.conflict, SERVER_MSG.inProgress);
    return row.id;
  });
  return commentFor(memberId, id);
}

function stateOf(status: string): ReviewState {
  if (status === 'pending' || status === 'reviewing' || status === 'approved' || status === 'rejected') return status;
  // A reported approved review that is hidden keeps its approval (and reward); a removed one may be rewritten.
  return status === 'hidden' ? 'approved' : 'rejected';
}

/** POST /v1/novels/comments/situation: the member's long review of this novel and where it stands. */
export async function reviewSituation(memberId: number, novelId: number): Promise<ReviewSituation> {
  await getNovelOrThrow(novelId);
  const [r] = await getDb()
    .select()
    .from(comments)
    .where(and(eq(comments.novelId, novelId), eq(comments.memberId, memberId), eq(comments.isLongComment, true)));
  const reward = communityRules().long_review_reward;
  if (!r) return { state: 'none', comment_id: 0, content: '', reject_reason: '', reward, reward_claimed: false, createdat: '' };
  return {
    state: stateOf(r.status),
    comment_id: r.id,
    content: r.content,
    reject_reason: r.rejectReason ?? '',
    reward: r.rewardAmount ?? reward,
    reward_claimed: r.rewardClaimedAt !== null,
    createdat: formatBusinessTime(r.createdAt),
  };
}

/**
 * POST /v1/novels/comment/rewards_receive: pays an approved review's reward once. The conditional update that
 * stamps rewardClaimedAt is the gate — of any number of concurrent claims one matches the row, the others find it
 * stamped — and the voucher credit rides in the same transaction (idempotent on `review_reward:<id>` as well).
 * A claim after the reward was paid answers the same figures again without paying.
 */
export async function claimReviewReward(memberId: number, novelId: number, now = new Date()): Promise<RewardClaim> {
  await getNovelOrThrow(novelId);
  const mine = and(eq(comments.novelId, novelId), eq(comments.memberId, memberId), eq(comments.isLongComment, true));
  const amount = await getDb().transaction(async (tx) => {
    const [won] = await tx
      .update(comments)
      .set({ rewardClaimedAt: now })
      .where(and(mine, inArray(comments.status, ['approved', 'hidden']), gt(comments.rewardAmount, 0), isNull(comments.rewardClaimedAt)))
      .returning({ id: comments.id, amount: comments.rewardAmount });
    if (won) {
      await credit(
        tx,
        memberId,
        {
          kind: 'review_reward',
          source: 'review_reward',
          welthCoupon: won.amount!,
          idempotencyKey: `review_reward:${won.id}`,
          reference: `comment:${won.id}`,
        },
        now,
      );
      return won.amount!;
    }
    const [r] = await tx.select({ amount: comments.rewardAmount, claimedAt: comments.rewardClaimedAt }).from(comments).where(mine);
    if (!r?.claimedAt || !r.amount) throw new ApiError(CODES.conflict, SERVER_MSG.rewardNotAvailable);
    return r.amount;
  });
  return { welth_coupon: amount, balance: (await memberBalance(memberId, now)).welth_coupon };
}

/** GET /v1/config/long_comment: the review editor's limits and rules. */
export function longCommentConfig(): LongCommentConfig {
  const rules = communityRules();
  return {
    min_length: rules.long_review_min,
    max_length: rules.long_review_max,
    reward: rules.long_review_reward,
    rules: SERVER_MSG.reviewRules(rules.long_review_min, rules.long_review_reward),
  };
}
