'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import { refreshFollow } from '@/lib/client/actions/members';
import { ApiClientError } from '@/lib/client/api';
import { useFollowQrcodeImage } from '@/lib/client/swr/use-follow-qrcode';
import { MEMBER_TEXT } from '@/lib/shared/member-text';

const T = MEMBER_TEXT.follow;

interface Props {
  articleId: number | null;
  /** The chapter to go back to, or null without one. */
  returnTo: string | null;
  signedIn: boolean;
  followed: boolean;
  canCheck: boolean;
  inMessagingApp: boolean;
  loginUrl: string;
}

/**
 * The follow page's body (docs/members.md "Follow page"): the official account's QR code (GET /v1/mp/qrcode, drawn
 * by lib/client/follow-qrcode.ts as an <img> that can be long-pressed in the messaging app), how to follow there
 * and elsewhere, "我已关注" (a re-check with the messaging app, never a declaration) and the way back.
 */
export function FollowPanel({ articleId, returnTo, signedIn, followed: initialFollowed, canCheck, inMessagingApp, loginUrl }: Props) {
  const { src, failed } = useFollowQrcodeImage(articleId);
  const [followed, setFollowed] = useState(initialFollowed);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function recheck() {
    setBusy(true);
    setStatus(T.rechecking);
    try {
      const answer = await refreshFollow();
      setFollowed(answer.followed);
      setStatus(answer.followed ? T.followed : answer.can_check ? T.notYet : T.staffConfirms);
    } catch (err) {
      setStatus(err instanceof ApiClientError ? err.message : T.notYet);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-card">
      <p className="muted">{T.intro}</p>
      <div className="mb-qr" aria-busy={!src && !failed}>
        {src ? (
          <img src={src} alt={T.qrAlt} width={240} height={240} />
        ) : failed ? (
          <span className="muted small" role="alert">
            {T.qrFailed}
          </span>
        ) : (
          <span className="spinner" aria-label={T.qrLoading} role="status" />
        )}
      </div>
      <section className="mb-how" aria-labelledby="follow-how">
        <h2 className="section-title" id="follow-how">
          {T.howTitle}
        </h2>
        <p>{inMessagingApp ? T.howInApp : T.howOutside}</p>
        <p className="muted small">{inMessagingApp ? T.howOutside : T.howInApp}</p>
        {signedIn && !canCheck ? <p className="muted small">{T.staffConfirms}</p> : null}
      </section>
      <div className="mb-actions">
        {followed ? (
          <p className="mb-status" role="status">
            {T.followed}
          </p>
        ) : signedIn ? (
          canCheck ? (
            <button type="button" className="button button-primary button-block" onClick={recheck} disabled={busy}>
              {busy ? T.rechecking : T.recheck}
            </button>
          ) : null
        ) : (
          <>
            <p className="muted small">{T.signInFirst}</p>
            <a className="button button-primary button-block" href={loginUrl}>
              {T.signIn}
            </a>
          </>
        )}
        <p className="mb-status" role="status" aria-live="polite">
          {followed ? '' : status}
        </p>
        {returnTo ? (
          <a className={`button button-block${followed ? ' button-primary' : ''}`} href={returnTo}>
            {T.backToChapter}
          </a>
        ) : (
          <Link className="button button-block" href="/m">
            {T.backHome}
          </Link>
        )}
      </div>
    </div>
  );
}
