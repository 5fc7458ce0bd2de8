import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { CommentsPanel } from '@/components/community/comments-panel';
import { PageBar } from '@/components/shell/page-bar';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listComments } from '@/lib/server/social/comments';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { COMMENTS_PAGE_SIZE, type CommentOrder } from '@/lib/shared/dto/community';
import { novelForPage } from '../novel-page-data';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const novel = await novelForPage((await params).id);
  return {
    title: novel ? `${novel.title} - 书友评论` : '书友评论',
    alternates: novel ? { canonical: `/m/novels/${novel.id}/comments` } : undefined,
  };
}

/**
 * A novel's comment area (docs/community.md "Comments page"): the first page rendered here for this reader
 * (their likes, their comments still in review), 最热 / 最新 as links so a shared address shows the same tab, the
 * write box (#write, where 写评论 elsewhere leads), replies, likes and reports in the browser.
 */
export default async function CommentsPage({ params, searchParams }: Props) {
  await connection();
  const novel = (await novelForPage((await params).id))!;
  const order: CommentOrder = (await searchParams).order === 'new' ? 'new' : 'hot';
  const member = await currentMember();
  const first = await listComments(member?.id ?? null, {
    novel_id: novel.id,
    type: 1,
    chapter_id: undefined,
    paragraph_index: -1,
    order,
    page: 1,
    limit: COMMENTS_PAGE_SIZE,
  });
  const base = `/m/novels/${novel.id}/comments`;
  const tabs: Array<[CommentOrder, string, string]> = [
    ['hot', T.hot, base],
    ['new', T.latest, `${base}?order=new`],
  ];
  return (
    <div className="page">
      <PageBar
        title={`书友评论 · ${first.count}`}
        parent={`/m/novels/${novel.id}`}
        action={
          <Link className="section-more" href={`/m/novels/${novel.id}/comment`}>
            {T.writeReview}
          </Link>
        }
      />
      <p className="muted small">
        《<bdi>{novel.title}</bdi>》
      </p>
      <nav className="tabs" aria-label="排序">
        {tabs.map(([key, label, href]) => (
          <Link
            key={key}
            href={href}
            replace
            className={key === order ? 'tab-link active' : 'tab-link'}
            aria-current={key === order ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <CommentsPanel
        key={order}
        query={{ novelId: novel.id, type: 1, order }}
        initial={first}
        signedIn={Boolean(member)}
        label="书友评论"
        writeId="write"
      />
    </div>
  );
}
