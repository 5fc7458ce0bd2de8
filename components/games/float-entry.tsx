import { IntentLink as Link } from '@/components/ui/intent-link';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';

/**
 * The 活动 entry to /m/float (docs/games.md "/m/float"): a plain link, server-rendered, no JavaScript, at the end of
 * home's header row — in the page's flow, so it lies over no tile or title (it used to float over home's grid).
 */
export function FloatEntry() {
  return (
    <Link href="/m/float" className="f-entry" aria-label={T.floatTitle} data-testid="float-entry">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M4 10h16v10H4zM2 6h20v4H2zM12 6v14M12 6c-2-4-6-3-6-1s4 1 6 1c2 0 6 1 6-1s-4-3-6 1"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {T.floatEntry}
    </Link>
  );
}
