'use client';

import { toast } from '@/lib/client/stores/toast-store';
import { shareLink } from '@/lib/client/share-link';

/**
 * 分享: the phone's share sheet where the browser has one, else the page's address copied for pasting into a chat.
 * The address carries the reader's referral id (docs/sharing.md "Payloads"). A share that went through counts toward
 * the day's share mission (docs/activity.md "Missions": the one mission only the browser can see; the server
 * rate-limits and caps its reports). Inside the messaging app its own menu shares the card WxShare sets.
 */
export function ShareButton({
  novelId,
  path,
  title,
  className = 'button',
}: {
  novelId?: number;
  path?: string;
  title: string;
  className?: string;
}) {
  async function share() {
    const url = shareLink(path ?? `/m/novels/${novelId}`);
    try {
      if (typeof navigator.share === 'function') await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        toast('链接已复制，发给好友吧', { length: 'short' });
      }
    } catch (err) {
      // The reader closed the share sheet: nothing was shared.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast('无法分享，请复制地址栏中的链接');
      return;
    }
    // Loaded on the tap: the activity client is not part of the novel page's first load.
    void import('@/lib/client/activity').then((m) => m.reportShare());
  }
  return (
    <button type="button" className={className} onClick={share}>
      分享
    </button>
  );
}
