'use client';

import { useRef } from 'react';
import { MSG } from '@/lib/shared/messages';
import { toast } from '@/lib/client/stores/toast-store';

/** Copies `url` to the clipboard. The messaging app's older WebViews lack the Clipboard API: select and execCommand then. */
export function CopyLink({ url }: { url: string }) {
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(MSG.copied);
      return;
    } catch {
      // Fall through to the legacy path.
    }
    const input = field.current;
    input?.focus();
    input?.setSelectionRange(0, url.length);
    const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
    toast(ok ? MSG.copied : MSG.copyFailed);
  };
  return (
    <div className="copy-link">
      <label className="visually-hidden" htmlFor="bridge-url">
        充值链接
      </label>
      <input id="bridge-url" ref={field} className="copy-link-field" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button-primary" onClick={copy}>
        {MSG.copyLink}
      </button>
    </div>
  );
}
