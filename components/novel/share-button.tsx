'use client';

import { toast } from '@/lib/client/stores/toast-store';

/**
 * 分享: the phone's share sheet where the browser has one, else the book's address copied for pasting into a chat.
 * A share that went through counts toward the day's share mission (docs/activity.md "Missions": the one mission only
 * the browser can see; the server rate-limits and caps its reports). Sharing inside the messaging app's own menu
 * is not seen here.
 */
export function ShareButton({ novelId, title }: { novelId: number; title: string }) {
  async function share() {
    const url = `${window.location.origin}/m/novels/${novelId}`;
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
    <button type="button" className="button" onClick={share}>
      分享
    </button>
  );
}
