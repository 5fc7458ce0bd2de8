'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect, useState } from 'react';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import { onFirstInput } from '@/lib/client/first-interaction';

/** Set once the prompt was shown on this device (docs/minors-mode.md "The first-start prompt"). */
export const MINORS_PROMPT_KEY = 'minors_prompt.shown';

/**
 * The 青少年模式 prompt of the first start: once per device, on whichever /m page the reader first touches, never
 * again. At the reader's first tap, scroll or key (`onFirstInput`), not at load: opened after hydration, its card was
 * the largest thing a first visit painted, so the page's largest paint waited for the scripts (sign-in's LCP 1.8× the
 * floor's, docs/minors-mode.md "The first-start prompt"); a browser stops counting the largest paint at the first
 * input. A sheet over the page, so nothing shifts.
 */
export function MinorsPrompt() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    try {
      if (localStorage.getItem(MINORS_PROMPT_KEY)) return;
    } catch {
      // No storage (private mode): do not ask on every page.
      return;
    }
    return onFirstInput(() => {
      try {
        localStorage.setItem(MINORS_PROMPT_KEY, '1');
      } catch {
        return;
      }
      setOpen(true);
    });
  }, []);
  if (!open) return null;
  return (
    <div className="minors-gate" role="dialog" aria-modal="true" aria-labelledby="minors-prompt-title" data-testid="minors-prompt">
      <div className="minors-gate-card">
        <h2 id="minors-prompt-title">{T.promptTitle}</h2>
        <p>{T.promptBody}</p>
        <Link href="/m/my#minors-mode" className="button button-primary button-block" onClick={() => setOpen(false)}>
          {T.promptEnter}
        </Link>
        <button type="button" className="button button-block minors-prompt-dismiss" onClick={() => setOpen(false)}>
          {T.promptDismiss}
        </button>
      </div>
    </div>
  );
}
