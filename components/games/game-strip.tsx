import type { GameDto } from '@/lib/shared/dto/games';

/**
 * A row of game icons (docs/games.md "Slots", "/m/float"): each a plain link to the recorded click (`/games/go/{id}`),
 * never prefetched, so only a tap counts.
 */
export function GameStrip({ games, className, testId }: { games: readonly GameDto[]; className?: string; testId?: string }) {
  return (
    <ul className={className ? `g-strip ${className}` : 'g-strip'} data-testid={testId}>
      {games.map((g) => (
        <li key={g.id}>
          <a href={g.href} rel="nofollow noopener">
            <img src={g.icon} alt="" width={52} height={52} loading="lazy" />
            <span>{g.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
