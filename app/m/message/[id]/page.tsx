import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MessageView } from '@/components/community/message-view';
import { PageBar } from '@/components/shell/page-bar';
import { readId } from '@/lib/shared/page-params';

export const metadata: Metadata = { title: '消息', robots: { index: false } };

/**
 * One message (docs/community.md "Messages"): a public route, but the message is fetched by the browser with
 * the reader's session — an announcement shows to anyone, a personal one only to its owner; anyone else sees that
 * it does not exist. A malformed id is the not-found page.
 */
export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  const id = readId((await params).id);
  if (!id) notFound();
  return (
    <div className="page">
      <PageBar title="消息" parent="/m" />
      <MessageView id={id} />
    </div>
  );
}
