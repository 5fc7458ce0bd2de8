import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getWheel } from '@/lib/server/activity/lottery-queries';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { PageBar } from '@/components/shell/page-bar';
import { PrizeWheel } from '@/components/activity/prize-wheel';
import { FlowShell } from '@/components/activity/flow-shell';
import { WHEEL_PATH } from '@/components/activity/wheel-path';
import '@/components/activity/activity.css';

export const metadata: Metadata = { title: '幸运大转盘', robots: { index: false } };

/**
 * /mall/prize_wheel?v=2 (docs/activity-pages.md "Prize wheel"): public to look at — the slots, the odds and the
 * rules — and login to draw; the sign-in link comes back here. Outside /m, so it brings its own toaster and modal host.
 */
export default async function PrizeWheelPage() {
  await connection();
  const member = await currentMember();
  const ua = detectUa((await headers()).get('user-agent'));
  const wheel = await getWheel(member?.id ?? null);
  return (
    <main className="shell">
      <div className="page a-page">
        <PageBar title={T.wheelTitle} parent="/m/events" />
        <PrizeWheel
          memberKey={member ? String(member.id) : null}
          initial={wheel}
          loginUrl={loginDestination(WHEEL_PATH, ua.wechat || ua.socialApp || ua.shortVideo)}
        />
      </div>
      <FlowShell />
    </main>
  );
}
