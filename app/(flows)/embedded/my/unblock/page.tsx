import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { blockStatus } from '@/lib/server/members/appeals';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { returnPathOr } from '@/lib/shared/return-path';
import { loginDestination } from '@/lib/shared/routes';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { detectUa } from '@/lib/shared/ua';
import { PageBar } from '@/components/shell/page-bar';
import { FlowShell } from '@/components/activity/flow-shell';
import { AppealForm, SignOutButton } from '@/components/members/unblock-actions';
import '@/components/members/members.css';

export const metadata: Metadata = { title: MEMBER_TEXT.unblock.title, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const T = MEMBER_TEXT.unblock;

/** Where "返回继续" goes: the validated `return` (returnPath), never this page again, else /m. */
function returnOf(raw: string | undefined): string {
  const path = returnPathOr(raw, '/m');
  return path.startsWith('/embedded/my/unblock') ? '/m' : path;
}

/**
 * /embedded/my/unblock?return (docs/members.md "Unblock page"): where a blocked member's pages and calls (90303)
 * lead. It shows the block's reason and end (or 永久) and takes one appeal; once the block is lifted or has run out,
 * `return` leads back. Signed-out visitors are asked to sign in, and come back here.
 */
export default async function UnblockPage({ searchParams }: Props) {
  await connection();
  const query = await searchParams;
  const back = returnOf(one(query.return));
  const member = await currentMember({ allowBlocked: true });
  const here = `/embedded/my/unblock?return=${encodeURIComponent(back)}`;
  if (!member) {
    const ua = detectUa((await headers()).get('user-agent'));
    return (
      <main className="shell">
        <div className="page">
          <PageBar title={T.signInTitle} parent="/m" />
          <div className="mb-card">
            <p className="muted">{T.signInHint}</p>
            <a className="button button-primary button-block" href={loginDestination(here, ua.wechat || ua.socialApp || ua.shortVideo)}>
              {T.signIn}
            </a>
          </div>
        </div>
        <FlowShell />
      </main>
    );
  }
  const status = await blockStatus(member.id);
  return (
    <main className="shell">
      <div className="page">
        <PageBar title={status.blocked ? T.title : T.notBlocked} parent={status.blocked ? '/m' : back} />
        {status.blocked ? (
          <div className="mb-card">
            <h2 className="page-title">{T.heading}</h2>
            <dl className="mb-facts">
              <dt>{T.reason}</dt>
              <dd data-testid="block-reason">{status.reason}</dd>
              <dt>{T.endsAt}</dt>
              <dd data-testid="block-end">{status.ends_at ? formatBusinessTime(status.ends_at) : T.permanent}</dd>
            </dl>
            {status.appeal ? (
              <section className="mb-appeal" aria-labelledby="appeal-title">
                <h2 className="section-title" id="appeal-title">
                  {T.yourAppeal}
                </h2>
                <p className="muted" style={{ whiteSpace: 'pre-wrap' }}>
                  {status.appeal.text}
                </p>
                <p className="mb-status" role="status">
                  {status.appeal.status === 'rejected' ? T.appealRejected : T.appealPending}
                </p>
                {status.appeal.reply ? (
                  <p>
                    {T.reply}：{status.appeal.reply}
                  </p>
                ) : null}
              </section>
            ) : status.can_appeal ? (
              <AppealForm />
            ) : null}
            <div className="mb-actions">
              <SignOutButton />
            </div>
          </div>
        ) : (
          <div className="mb-card">
            <p role="status">{T.lifted}</p>
            <a className="button button-primary button-block" href={back} data-testid="unblock-return">
              {T.continue}
            </a>
          </div>
        )}
      </div>
      <FlowShell />
    </main>
  );
}
