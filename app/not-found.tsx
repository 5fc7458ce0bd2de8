import type { Metadata } from 'next';
import { NotFoundView } from '@/components/shell/not-found-view';
import { SERVER_MSG } from '@/lib/server/messages';

export const metadata: Metadata = { title: SERVER_MSG.pageNotFoundTitle, robots: { index: false } };

/** Missing pages outside /m (payment, flows) and unmatched paths: the same Chinese page, without the /m shell. */
export default function NotFound() {
  return (
    <main className="shell">
      <NotFoundView />
    </main>
  );
}
