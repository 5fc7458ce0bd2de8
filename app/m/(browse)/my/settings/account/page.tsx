import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getProfile } from '@/lib/server/accounts/profile';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { maskPhone } from '@/lib/shared/mask-phone';
import { returnPathOr } from '@/lib/shared/return-path';
import type { SearchParams } from '@/lib/shared/page-params';
import { SessionGone } from '@/components/shelf/session-gone';
import { PageBar } from '@/components/shell/page-bar';
import { MyIcon } from '../../_components/my-icon';

export const metadata: Metadata = { title: CANCEL_TEXT.account.title, robots: { index: false } };

const T = CANCEL_TEXT.account;

// /m/my/settings/account — 账号与安全: the phone, 注销账号, 下载我的数据 (docs/account-cancellation.md "The pages").
// `withdrawn=1`: a sign-in has just withdrawn a pending cancellation, and the member is told so here.
export default async function AccountSecurityPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const member = await currentMember();
  if (!member) return <SessionGone path="/m/my/settings/account" />;
  const query = await searchParams;
  const withdrawn = query.withdrawn === '1';
  const next = typeof query.next === 'string' ? returnPathOr(query.next) : null;
  const p = await getProfile(member.id, ['phone']);
  return (
    <div className="page">
      <PageBar title={T.title} parent="/m/my/settings" />
      {withdrawn ? (
        <p className="card" role="status" data-testid="cancel-withdrawn">
          {CANCEL_TEXT.withdrawn}
          {next && next !== '/m/my/settings/account' ? (
            <>
              {' '}
              <Link href={next}>继续</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <ul className="link-list my-list">
        <li>
          <Link href="/m/my">
            <MyIcon name="shield" />
            {T.phone}
            <span className="settings-value">{p.phone ? maskPhone(p.phone) : T.noPhone}</span>
          </Link>
        </li>
        <li>
          <Link href="/m/my/settings/account/data">
            <MyIcon name="download" />
            {T.download}
          </Link>
        </li>
        <li>
          <Link href="/m/my/settings/account/cancel">
            <MyIcon name="leave" />
            {T.cancel}
          </Link>
        </li>
      </ul>
    </div>
  );
}
