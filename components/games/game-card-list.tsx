import type { GameDto } from '@/lib/shared/dto/games';

/**
 * The games as a list of cards (docs/games.md "Games"). Each card is a plain link to the recorded click
 * (`/games/go/{id}`), which then sends the reader to the address staff entered; no prefetch, so a card never counts
 * a click it did not get.
 */
export function GameCardList({ games }: { games: GameDto[] }) {
  return (
    <ul className="g-list" data-testid="game-list">
      {games.map((g) => (
        <li key={g.id}>
          <a className="g-card" href={g.href} rel="nofollow noopener" data-testid={`game-${g.id}`}>
            <img src={g.icon} alt="" width={64} height={64} loading="lazy" />
            <span>
              <span className="g-card-name">
                {g.name}
                {g.category ? <span className="g-tag">{g.category}</span> : null}
              </span>
              <span className="g-card-desc">{g.description}</span>
            </span>
            <span className="g-play" aria-hidden="true">
              开玩
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
