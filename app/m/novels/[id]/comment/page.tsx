import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { GuardScreen } from '@/components/account/guard-screen';
import { ReviewEditor } from '@/components/community/review-editor';
import { PageBar } from '@/components/shell/page-bar';
import { currentMember } from '@/lib/server/accounts/session-member';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { novelForPage } from '../novel-page-data';

export const metadata: Metadata = { title: '写长评', robots: { index: false } };

/** The long-review editor and the review's state (docs/community.md "Long reviews"); members only. */
export default async function ReviewPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const novel = (await novelForPage((await params).id))!;
  if (!(await currentMember())) {
    const ua = detectUa((await headers()).get('user-agent'));
    return <GuardScreen loginUrl={loginDestination(`/m/novels/${novel.id}/comment`, ua.wechat || ua.socialApp || ua.shortVideo)} />;
  }
  return (
    <div className="page community">
      <PageBar title="写长评" parent={`/m/novels/${novel.id}/comments`} />
      <p className="muted small">
        《<bdi>{novel.title}</bdi>》
      </p>
      <ReviewEditor novelId={novel.id} />
    </div>
  );
}
