'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useRouter } from 'next/navigation';
import { hasInAppPrevious } from '@/lib/client/in-app-history';

type Props = {
  title: React.ReactNode;
  /** Where back goes when this tab has no earlier page of the site (opened from a share, a search engine, a reload). */
  parent: string;
  /** Optional control on the right (a link or a button, at least 44 px). */
  action?: React.ReactNode;
  /** False when the page has its own `<h1>` (a novel's or an author's title); the bar's title is then plain text. */
  heading?: boolean;
};

/**
 * The back-and-title bar of every secondary page (docs/shell.md "Back-and-title bar"). Back is a link to the parent
 * so it works before hydration and without history; after hydration a tap steps back instead when the previous
 * page of this tab was ours, so the reader returns to the list and the scroll position they came from.
 */
export function PageBar({ title, parent, action, heading = true }: Props) {
  const router = useRouter();
  const Title = heading ? 'h1' : 'p';
  return (
    <header className="page-bar">
      <Link
        href={parent}
        className="page-bar-back"
        aria-label="返回"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !hasInAppPrevious()) return;
          e.preventDefault();
          router.back();
        }}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M15.5 4.5 8 12l7.5 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Link>
      <Title className="page-bar-title">{title}</Title>
      <div className="page-bar-action">{action}</div>
    </header>
  );
}
