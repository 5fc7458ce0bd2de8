import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { gamesForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { createGame, setGameActive, updateGame } from '@/lib/server/staff/games';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/games {op: create|update|deactivate|activate, …}: the H5 games (docs/games.md "Console").
export const POST = withConsoleForm('games', gamesForm, async ({ form, actor }) => {
  const G = CONSOLE_TEXT.games;
  if (form.op === 'deactivate') return G.deactivated(await setGameActive(actor, form.id, false));
  if (form.op === 'activate') return G.activated(await setGameActive(actor, form.id, true));
  const input = {
    name: form.name,
    icon: form.icon,
    art: form.art,
    description: form.description,
    url: form.url,
    category: form.category,
    sort: form.sort,
    languages: ([0, 1, 2] as const).filter((l) => form[`lang_${l}`] === 'on'),
  };
  if (form.op === 'create') return G.created(await createGame(actor, input));
  return G.saved(await updateGame(actor, form.id, input));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
