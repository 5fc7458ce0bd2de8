import { DelayedSpinner } from '@/components/ui/delayed-spinner';

// Only the browsing pages stream behind a spinner: novel, author and book-list pages render whole, so a
// missing one answers 404 and an off-shelf one redirects with a real HTTP status (crawlers read those).
export default function Loading() {
  return <DelayedSpinner />;
}
