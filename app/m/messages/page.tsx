import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { GuardScreen } from '@/components/account/guard-screen';
import { MessageList } from '@/components/community/message-list';
import { PageBar } from '@/components/shell/page-bar';
import { currentMember } from '@/lib/server/accounts/session-member';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';

export const metadata: Metadata = { title: '消息', robots: { index: false } };

/** The member's messages (docs/community.md "Messages"), reached from 我的. */
export default async function MessagesPage() {
  await connection();
  if (!(await currentMember())) {
    const ua = detectUa((await headers()).get('user-agent'));
    return <GuardScreen loginUrl={loginDestination('/m/messages', ua.wechat || ua.socialApp || ua.shortVideo)} />;
  }
  return (
    <div className="page">
      <PageBar title="消息" parent="/m/my" />
      <MessageList />
    </div>
  );
}
