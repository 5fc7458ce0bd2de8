import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { consoleGames } from '@/lib/server/staff/games';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.games };

const BACK = '/admin/games';
const G = T.games;

type Game = Awaited<ReturnType<typeof consoleGames>>['rows'][number]['game'];

/** The fields of one game's form, empty for a new one. */
function GameFields({ game }: { game?: Game }) {
  return (
    <>
      <label>
        {G.name}
        <input name="name" required maxLength={32} defaultValue={game?.name} />
      </label>
      <label>
        {G.url}
        <input
          name="url"
          type="url"
          required
          maxLength={1000}
          pattern="https://.+"
          defaultValue={game?.url}
          autoCapitalize="none"
          spellCheck={false}
        />
      </label>
      <label>
        {G.icon}
        <input name="icon" required maxLength={500} defaultValue={game?.icon} autoCapitalize="none" spellCheck={false} />
      </label>
      <label>
        {G.art}
        <input name="art" maxLength={500} defaultValue={game?.art ?? ''} autoCapitalize="none" spellCheck={false} />
      </label>
      <label>
        {G.description}
        <input name="description" maxLength={120} defaultValue={game?.description} />
      </label>
      <label>
        {G.category}
        <input name="category" maxLength={16} defaultValue={game?.category} />
      </label>
      <label>
        {G.sort}
        <input name="sort" type="number" min={0} max={100000} step={1} defaultValue={game?.sort ?? 0} />
      </label>
      <fieldset className="filters">
        <legend>{G.languages}</legend>
        {G.langNames.map((label, lang) => (
          <label key={lang} className="check">
            <input type="checkbox" name={`lang_${lang}`} defaultChecked={game ? game.languages.includes(lang) : true} /> {label}
          </label>
        ))}
      </fieldset>
    </>
  );
}

// /admin/games: the H5 games with their clicks per day, created, edited and taken down by admins and editors
// (docs/games.md "Console"). One card per game, so it reads on a 360 px phone as on a laptop.
export default async function GamesConsolePage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('games');
  const flash = readFlash(await searchParams);
  const { days, rows } = await consoleGames();
  return (
    <ConsoleShell staff={staff} current="games" flash={flash}>
      <h1>{G.heading}</h1>
      <p className="meta">{G.note}</p>
      {rows.length ? null : <p className="meta">{G.empty}</p>}
      {rows.map(({ game, clicks, total }) => (
        <article className="item" key={game.id} data-testid={`game-${game.id}`}>
          <div className="meta">
            <img src={game.icon} alt="" width={32} height={32} />
            <strong>{game.name}</strong>
            <span>#{game.id}</span>
            {game.active ? null : <span className="badge">{G.inactive}</span>}
            <span>{G.total(total)}</span>
          </div>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{G.clicks}</caption>
              <thead>
                <tr>
                  {days.map((d) => (
                    <th key={d} scope="col">
                      {d.slice(5)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  {clicks.map((c) => (
                    <td key={c.day} className="num">
                      {c.clicks}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <details>
            <summary>{G.save}</summary>
            <form method="post" action="/admin/actions/games" className="compose">
              <input type="hidden" name="op" value="update" />
              <input type="hidden" name="id" value={game.id} />
              <input type="hidden" name="back" value={BACK} />
              <GameFields game={game} />
              <button type="submit">{G.save}</button>
            </form>
          </details>
          <form method="post" action="/admin/actions/games" className="actions">
            <input type="hidden" name="op" value={game.active ? 'deactivate' : 'activate'} />
            <input type="hidden" name="id" value={game.id} />
            <input type="hidden" name="back" value={BACK} />
            <button
              type="submit"
              className={game.active ? 'danger' : 'secondary'}
              aria-label={`${game.active ? G.deactivate : G.activate} ${game.name}`}
            >
              {game.active ? G.deactivate : G.activate}
            </button>
          </form>
        </article>
      ))}
      <h2>{G.create}</h2>
      <form method="post" action="/admin/actions/games" className="item compose">
        <input type="hidden" name="op" value="create" />
        <input type="hidden" name="back" value={BACK} />
        <GameFields />
        <button type="submit">{G.create}</button>
      </form>
    </ConsoleShell>
  );
}
