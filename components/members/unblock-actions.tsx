'use client';

import { useState } from 'react';
import { signOut } from '@/lib/client/actions/accounts';
import { sendAppeal } from '@/lib/client/actions/members';
import { ApiClientError } from '@/lib/client/api';
import { navigate } from '@/lib/client/navigate';
import type { BlockStatus } from '@/lib/shared/dto/member-block';
import { MEMBER_TEXT } from '@/lib/shared/member-text';

const T = MEMBER_TEXT.unblock;

/**
 * The unblock page's appeal form (docs/members.md "Appeals"): one appeal per block through POST
 * /v1/my/block/appeal; once sent, the page shows it as pending. Failures (too short, a refused word, a second
 * appeal) are shown beside the form, not through the error catalogue.
 */
export function AppealForm() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [sent, setSent] = useState<BlockStatus['appeal']>(null);

  if (sent)
    return (
      <section className="mb-appeal" aria-labelledby="appeal-title">
        <h2 className="section-title" id="appeal-title">
          {T.yourAppeal}
        </h2>
        <p className="muted" style={{ whiteSpace: 'pre-wrap' }}>
          {sent.text}
        </p>
        <p className="mb-status" role="status">
          {T.submitted}
        </p>
      </section>
    );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const status = await sendAppeal(text);
      setSent(status.appeal ?? { status: 'pending', text, reply: null, created_at: new Date().toISOString() });
    } catch (err) {
      setError(err instanceof ApiClientError ? err.message : MEMBER_TEXT.api.appealTooShort);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mb-appeal" onSubmit={submit} aria-labelledby="appeal-title">
      <h2 className="section-title" id="appeal-title">
        {T.appealTitle}
      </h2>
      <p className="muted small">{T.appealHint}</p>
      <label className="visually-hidden" htmlFor="appeal-text">
        {T.appealTitle}
      </label>
      <textarea
        id="appeal-text"
        name="content"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={T.appealPlaceholder}
        maxLength={500}
        required
      />
      <p className="mb-status" role="alert">
        {error}
      </p>
      <button type="submit" className="button button-primary button-block" disabled={busy || text.trim().length === 0}>
        {busy ? T.submitting : T.submit}
      </button>
    </form>
  );
}

/** Sign-out, which a blocked member can still do (signOut), then home. */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  async function leave() {
    setBusy(true);
    await signOut();
    navigate.assign('/m');
  }
  return (
    <button type="button" className="button button-block" onClick={leave} disabled={busy}>
      {T.signOut}
    </button>
  );
}
