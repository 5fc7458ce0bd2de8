import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { SessionGone } from '@/components/shelf/session-gone';
import { PageBar } from '@/components/shell/page-bar';
import { MyIcon } from '../_components/my-icon';

export const metadata: Metadata = { title: CANCEL_TEXT.settings.title, robots: { index: false } };

// /m/my/settings — 设置: the account's own settings behind 我的 (docs/account-cancellation.md "The pages").
export default async function SettingsPage() {
  await connection();
  const member = await currentMember();
  if (!member) return <SessionGone path="/m/my/settings" />;
  return (
    <div className="page">
      <PageBar title={CANCEL_TEXT.settings.title} parent="/m/my" />
      <ul className="link-list my-list">
        <li>
          <Link href="/m/my/settings/account">
            <MyIcon name="shield" />
            {CANCEL_TEXT.settings.account}
          </Link>
        </li>
      </ul>
    </div>
  );
}
