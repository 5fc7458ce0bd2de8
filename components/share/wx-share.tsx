'use client';

import { useEffect } from 'react';

export interface WxSharePayloadProps {
  /** The shared page's path (the link gets this site's origin and the reader's referral id). */
  path: string;
  title: string;
  desc: string;
  /** The 600 × 600 PNG's path (docs/sharing.md "Preview images"). */
  imgPath: string;
}

/**
 * Sets this page's card in the messaging app's share menu (docs/sharing.md "Loading the SDK"). Renders nothing;
 * the SDK and the share code load after hydration, and only inside that app with the wxshare flag at 1, so no
 * other reader downloads them.
 */
export function WxShare({ path, title, desc, imgPath }: WxSharePayloadProps) {
  useEffect(() => {
    if (!/MicroMessenger/i.test(navigator.userAgent)) return;
    let cancelled = false;
    void (async () => {
      const [{ loadConfigOrDefaults }, share, { shareLink }] = await Promise.all([
        import('@/lib/client/config'),
        import('@/lib/client/wx-share'),
        import('@/lib/client/share-link'),
      ]);
      const flags = await loadConfigOrDefaults();
      if (cancelled || !share.wantsWxSdk(flags.wxshare, navigator.userAgent)) return;
      const payload = {
        title,
        desc: desc.slice(0, 60),
        link: shareLink(path),
        imgUrl: new URL(imgPath, window.location.origin).toString(),
      };
      await share.applyWxShare(payload, () => void import('@/lib/client/activity').then((m) => m.reportShare()));
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [path, title, desc, imgPath]);
  return null;
}
