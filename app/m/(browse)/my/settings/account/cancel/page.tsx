import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getProfile } from '@/lib/server/accounts/profile';
import { COOLING_OFF_DAYS } from '@/lib/server/accounts/cancellation';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { maskPhone } from '@/lib/shared/mask-phone';
import { SessionGone } from '@/components/shelf/session-gone';
import { PageBar } from '@/components/shell/page-bar';
import { CancelAccountForm } from '@/components/account/cancel-account-form';

export const metadata: Metadata = { title: CANCEL_TEXT.cancel.title, robots: { index: false } };

const T = CANCEL_TEXT.cancel;

// /m/my/settings/account/cancel — 注销账号: what is lost, the cooling-off, the SMS code (docs/account-cancellation.md "The pages").
export default async function CancelAccountPage() {
  await connection();
  const member = await currentMember();
  if (!member) return <SessionGone path="/m/my/settings/account/cancel" />;
  const p = await getProfile(member.id, ['phone']);
  return (
    <div className="page">
      <PageBar title={T.title} parent="/m/my/settings/account" />
      <section className="card" aria-labelledby="cancel-losses">
        <h2 className="card-title" id="cancel-losses">
          {T.heading}
        </h2>
        <ul className="loss-list">
          {T.losses.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="muted small">{T.kept}</p>
        <p className="muted small">{T.coolingOff(COOLING_OFF_DAYS)}</p>
        <p className="muted small">{T.reRegister}</p>
      </section>
      {p.phone ? (
        <CancelAccountForm maskedPhone={maskPhone(p.phone)} />
      ) : (
        <p className="notice">
          {T.needPhone} <Link href="/m/my">去绑定</Link>
        </p>
      )}
    </div>
  );
}
