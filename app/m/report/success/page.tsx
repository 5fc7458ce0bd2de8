import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { PageBar } from '@/components/shell/page-bar';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';

export const metadata: Metadata = { title: '举报已提交', robots: { index: false } };

/** Where a sent report lands (docs/community.md "Reports"); public, it names nothing of the report. */
export default function ReportSuccessPage() {
  return (
    <div className="page">
      <PageBar title={T.reportDone} parent="/m" />
      <div className="center-page">
        <p role="status">{T.reportDone}</p>
        <p className="muted">{T.reportDoneBody}</p>
        <Link className="button" href="/m/messages">
          {T.myMessages}
        </Link>
        <Link className="button button-primary" href="/m">
          {T.backToReading}
        </Link>
      </div>
    </div>
  );
}
