/** GET /v1/my/block: the signed-in member's block as the unblock page shows it (docs/members.md "Unblock page"). */
export interface BlockStatus {
  blocked: boolean;
  reason: string | null;
  /** ISO time the block ends; null while blocked means permanent. */
  ends_at: string | null;
  permanent: boolean;
  appeal: BlockAppeal | null;
  /** One appeal per block: true while blocked and not yet appealed. */
  can_appeal: boolean;
}

export interface BlockAppeal {
  status: 'pending' | 'rejected' | 'accepted';
  text: string;
  reply: string | null;
  created_at: string;
}

/** GET /v1/my/follow and POST /v1/my/follow/refresh (docs/members.md "Follow state"). */
export interface FollowStatus {
  followed: boolean;
  /** Whether the messaging app's user-info API is configured, so "我已关注" can check it; otherwise staff confirm. */
  can_check: boolean;
}
