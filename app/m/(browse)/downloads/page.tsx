import type { Metadata } from 'next';
import { PageBar } from '@/components/shell/page-bar';
import { DownloadsView } from '@/components/offline/downloads-view';
import { OFFLINE_TEXT } from '@/lib/shared/offline-text';
import '@/components/offline/offline.css';

export const metadata: Metadata = { title: OFFLINE_TEXT.pageTitle, robots: { index: false } };

/**
 * 已下载 (docs/offline.md): the same page for everyone — the member's downloads are read from this browser's
 * caches on the client, so the page works offline (the service worker keeps a copy of it).
 */
export default function DownloadsPage() {
  return (
    <div className="page">
      <PageBar title={OFFLINE_TEXT.pageTitle} parent="/m/shelf" />
      <DownloadsView />
    </div>
  );
}
