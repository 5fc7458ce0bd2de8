'use client';

import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { commentAction } from '@/lib/client/community';
import { memberId } from '@/lib/client/identity';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { goSignIn } from './sign-in';

/**
 * Like and unlike, optimistic (docs/community.md "Likes"): the heart and the count change at the tap, the
 * server's answer then sets both, a failure puts them back. A signed-out reader goes to sign-in.
 */
export function LikeButton({ commentId, liked: liked0, likes: likes0 }: { commentId: number; liked: boolean; likes: number }) {
  const [state, setState] = useState({ liked: liked0, likes: likes0 });
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!memberId()) return goSignIn();
    if (busy) return;
    const before = state;
    const liking = !before.liked;
    setState({ liked: liking, likes: Math.max(0, before.likes + (liking ? 1 : -1)) });
    setBusy(true);
    try {
      const answer = await commentAction(commentId, liking ? 'like' : 'unlike');
      setState({ liked: answer.liked, likes: answer.likes });
    } catch (err) {
      setState(before);
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="cm-action"
      aria-pressed={state.liked}
      aria-label={`${state.liked ? T.liked : T.like} ${state.likes}`}
      onClick={toggle}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
          fill={state.liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span>{state.likes}</span>
    </button>
  );
}
