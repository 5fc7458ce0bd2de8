import type { BlockStatus, FollowStatus } from '@/lib/shared/dto/member-block';
import { api } from '../api';

/**
 * A blocked member's and a follower's writes (docs/members.md). Both are silent: the page shows the server's
 * message in place (an appeal too short, a follow not seen yet) instead of a toast.
 */

/** POST /v1/my/block/appeal (docs/members.md "Appeals"): the block with its appeal. */
export const sendAppeal = (content: string) => api<BlockStatus>('/v1/my/block/appeal', { method: 'POST', body: { content }, silent: true });

/** POST /v1/my/follow/refresh (docs/members.md "Follow state"): asks again whether the member follows the account. */
export const refreshFollow = () => api<FollowStatus>('/v1/my/follow/refresh', { method: 'POST', body: {}, silent: true });
