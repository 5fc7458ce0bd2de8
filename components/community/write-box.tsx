'use client';

import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { postComment, postReply } from '@/lib/client/community';
import { toast } from '@/lib/client/stores/toast-store';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import type { Comment, CommentType } from '@/lib/shared/dto/community';
import { MSG } from '@/lib/shared/messages';
import { loadDraft, saveDraft } from './drafts';
import { goSignIn } from './sign-in';

/** Default longest short comment (community.comment_max_length); the server enforces the configured one. */
export const COMMENT_MAX = 500;

export interface WriteTarget {
  novelId: number;
  type: CommentType;
  chapterId?: number;
  /** A paragraph comment: the paragraph's anchor. */
  paragraph?: { hash: string; index: number };
}

export interface WriteBoxHandle {
  focus: () => void;
}

const length = (s: string) => [...s].length;

/**
 * The box a comment or a reply is written in (docs/community.md "Write box"): a live count against the longest
 * comment, empty and too-long refused before any call, the draft kept per target while typing, 发送成功 after the
 * post. A signed-out reader sees a sign-in prompt instead; `signedIn` from a server page keeps the first render the
 * server's.
 */
export const WriteBox = forwardRef<
  WriteBoxHandle,
  {
    target: WriteTarget;
    /** Replying to this comment (a top-level one or a reply); null writes a top-level comment. */
    replyTo?: { id: number; nickname: string } | null;
    onCancelReply?: () => void;
    onSent: (comment: Comment, replyTo: { id: number; nickname: string } | null) => void;
    signedIn?: boolean;
    maxLength?: number;
    placeholder?: string;
    id?: string;
  }
>(function WriteBox(
  { target, replyTo = null, onCancelReply, onSent, signedIn: serverSignedIn, maxLength = COMMENT_MAX, placeholder, id },
  ref,
) {
  const clientSignedIn = useSignedIn();
  const signedIn = serverSignedIn ?? clientSignedIn;
  const draftKey = `${target.novelId}:${target.type}:${target.chapterId ?? 0}:${target.paragraph?.hash ?? ''}:${replyTo?.id ?? 0}`;
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const countId = useId();
  // A signed-out reader asked to write (写第一条评论, 回复) goes to sign-in.
  useImperativeHandle(ref, () => ({ focus: () => (signedIn ? field.current?.focus() : goSignIn()) }), [signedIn]);

  // The draft is read after mount: the server render has none, so hydration matches.
  useEffect(() => {
    setText(loadDraft(draftKey));
    setError('');
  }, [draftKey]);

  if (!signedIn) {
    return (
      <div className="cm-signin" id={id}>
        <span>{T.signInToComment}</span>
        <button type="button" className="button button-primary" onClick={goSignIn}>
          {T.signIn}
        </button>
      </div>
    );
  }

  const n = length(text);
  const over = n > maxLength;

  async function send(e: React.FormEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content) return setError(T.emptyContent);
    if (length(content) > maxLength) return setError(T.tooLong(maxLength));
    setBusy(true);
    setError('');
    try {
      const base = { novel_id: target.novelId, content, type: target.type, chapter_id: target.chapterId || undefined };
      const comment = replyTo
        ? await postReply({ ...base, comment_id: replyTo.id })
        : await postComment({
            ...base,
            ...(target.paragraph ? { paragraph_hash: target.paragraph.hash, paragraph_index: target.paragraph.index } : {}),
          });
      saveDraft(draftKey, '');
      setText('');
      toast(MSG.sent, { length: 'short' });
      onSent(comment, replyTo);
    } catch (err) {
      // The error catalogue has toasted the server's message; the text stays for another try.
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cm-write" id={id} onSubmit={send} noValidate>
      {replyTo ? (
        <p className="cm-target">
          <span>{T.replyPlaceholder(replyTo.nickname)}</span>
          <button type="button" className="cm-action" onClick={onCancelReply}>
            {MSG.dismiss}
          </button>
        </p>
      ) : null}
      <textarea
        ref={field}
        value={text}
        dir="auto"
        aria-label={replyTo ? T.replyPlaceholder(replyTo.nickname) : (placeholder ?? T.writePlaceholder)}
        aria-describedby={countId}
        aria-invalid={over || Boolean(error)}
        placeholder={replyTo ? T.replyPlaceholder(replyTo.nickname) : (placeholder ?? T.writePlaceholder)}
        onChange={(e) => {
          setText(e.target.value);
          saveDraft(draftKey, e.target.value);
          if (error) setError('');
        }}
      />
      <div className="cm-write-foot">
        <span className="cm-count" id={countId} data-over={over} aria-live="polite">
          {T.charCount(n, maxLength)}
        </span>
        {error ? (
          <span className="cm-error" role="alert">
            {error}
          </span>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy || over}>
          {busy ? T.sending : T.send}
        </button>
      </div>
    </form>
  );
});
