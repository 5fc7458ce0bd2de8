import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { followReturnChapter, followStatus } from '@/lib/server/accounts/follows';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { followPath } from '@/lib/shared/member-paths';
import { readId } from '@/lib/shared/page-params';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { PageBar } from '@/components/shell/page-bar';
import { FlowShell } from '@/components/activity/flow-shell';
import { FollowPanel } from '@/components/members/follow-panel';
import '@/components/members/members.css';

export const metadata: Metadata = { title: MEMBER_TEXT.follow.title, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * /follow?article_id&rlid (docs/members.md "Follow page"): where the follow gate (90010) and the follow QR code lead.
 * The chapter id is validated and looked up; an unknown one is the Chinese not-found page. The way back is built
 * from the chapter's own ids, never from the query.
 */
export default async function FollowPage({ searchParams }: Props) {
  await connection();
  const query = await searchParams;
  const rawId = one(query.article_id);
  const articleId = rawId === undefined || rawId === '' ? null : (readId(rawId) ?? notFound());
  const chapter = articleId === null ? null : await followReturnChapter(articleId);
  if (articleId !== null && !chapter) notFound();
  const member = await currentMember();
  const ua = detectUa((await headers()).get('user-agent'));
  const state = member ? await followStatus(member.id) : { followed: false, can_check: false };
  const here = articleId ? followPath(articleId) : '/follow';
  return (
    <main className="shell">
      <div className="page">
        <PageBar title={MEMBER_TEXT.follow.heading} parent={chapter ? `/m/read/${chapter.id}?nid=${chapter.novelId}` : '/m'} />
        <FollowPanel
          articleId={chapter?.id ?? null}
          returnTo={chapter ? `/m/read/${chapter.id}?nid=${chapter.novelId}` : null}
          signedIn={member !== null}
          followed={state.followed}
          canCheck={state.can_check}
          inMessagingApp={ua.wechat}
          loginUrl={loginDestination(here, ua.wechat || ua.socialApp || ua.shortVideo)}
        />
      </div>
      <FlowShell />
    </main>
  );
}
