import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { GuardScreen } from '@/components/account/guard-screen';
import { ReportForm } from '@/components/community/report-form';
import { PageBar } from '@/components/shell/page-bar';
import { currentMember } from '@/lib/server/accounts/session-member';
import { REPORT_TARGETS, type ReportTarget } from '@/lib/shared/dto/community';
import { readId, type SearchParams } from '@/lib/shared/page-params';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';

export const metadata: Metadata = { title: '举报反馈', robots: { index: false } };

/**
 * /m/report (docs/community.md "Reports"): members only; ?target_type&target_id prefill what is reported (a
 * comment's menu sends both), anything malformed leaves the choice to the reader.
 */
export default async function ReportPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const q = await searchParams;
  if (!(await currentMember())) {
    const ua = detectUa((await headers()).get('user-agent'));
    const here = `/m/report${q.target_type && q.target_id ? `?target_type=${encodeURIComponent(String(q.target_type))}&target_id=${encodeURIComponent(String(q.target_id))}` : ''}`;
    return <GuardScreen loginUrl={loginDestination(here, ua.wechat || ua.socialApp || ua.shortVideo)} />;
  }
  const type = REPORT_TARGETS.find((t) => t === q.target_type) as ReportTarget | undefined;
  const id = readId(q.target_id);
  return (
    <div className="page">
      <PageBar title="举报反馈" parent="/m/my" />
      <ReportForm target={type && id ? { type, id } : null} />
    </div>
  );
}
