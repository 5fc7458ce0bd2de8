import Link from 'next/link';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';

/**
 * The floating entry to /m/float (docs/games.md "/m/float"): a plain link, server-rendered, no JavaScript, shown on
 * home and in the reader.
 */
export function FloatEntry() {
  return (
    <Link href="/m/float" className="f-entry" aria-label={T.floatTitle} data-testid="float-entry">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
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
