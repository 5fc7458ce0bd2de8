import type { Metadata } from 'next';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { latestExport } from '@/lib/server/accounts/data-export';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { SessionGone } from '@/components/shelf/session-gone';
import { PageBar } from '@/components/shell/page-bar';
import { DataExportPanel } from '@/components/account/data-export-panel';

export const metadata: Metadata = { title: CANCEL_TEXT.data.title, robots: { index: false } };

// /m/my/settings/account/data — 下载我的数据 (docs/account-cancellation.md "Data export"): rendered with the latest
// request's state and, when ready, its one-time link, so the island starts from what the server showed.
export default async function DataExportPage() {
  await connection();
  const member = await currentMember();
  if (!member) return <SessionGone path="/m/my/settings/account/data" />;
  const latest = await latestExport(member.id);
  return (
    <div className="page">
      <PageBar title={CANCEL_TEXT.data.title} parent="/m/my/settings/account" />
      <DataExportPanel initial={latest.export} initialLink={latest.link} />
    </div>
  );
}
