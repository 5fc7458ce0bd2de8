'use client';

import { useState } from 'react';
import type { ComponentType } from 'react';
import { memberId } from '@/lib/client/identity';
import { navigate } from '@/lib/client/navigate';
import { OFFLINE_TEXT } from '@/lib/shared/offline-text';
import type { DownloadSheetProps } from './download-sheet';

/**
 * 下载 on a novel page: opens the download sheet, whose code (and the download code) is fetched only now, so
 * the page's first load carries none of it. Signed-out readers go to login first.
 */
export function DownloadButton(props: Omit<DownloadSheetProps, 'onClose'>) {
  const [Sheet, setSheet] = useState<ComponentType<DownloadSheetProps> | null>(null);
  async function open() {
    if (!memberId()) {
      navigate.assign(`/m/login?next=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    const { DownloadSheet } = await import('./download-sheet');
    setSheet(() => DownloadSheet);
  }
  return (
    <>
      <button type="button" className="button" onClick={open}>
        {OFFLINE_TEXT.download}
      </button>
      {Sheet ? <Sheet {...props} onClose={() => setSheet(null)} /> : null}
    </>
  );
}
