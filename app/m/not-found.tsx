import type { Metadata } from 'next';
import { NotFoundView } from '@/components/shell/not-found-view';
import { SERVER_MSG } from '@/lib/server/messages';

export const metadata: Metadata = { title: SERVER_MSG.pageNotFoundTitle, robots: { index: false } };

/** A missing reader page (chapter, author, book list…) inside the /m shell, so the tab bar stays. */
export default function ReaderNotFound() {
  return <NotFoundView />;
}
