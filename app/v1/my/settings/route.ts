import { withApi } from '@/lib/server/http/with-api';
import { setHideGames } from '@/lib/server/games/visibility';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { mySettingsBody } from '@/lib/shared/schemas/games';

// POST /v1/my/settings {hide_games} — the member's answer to "close game recommendations?", kept on the member
// (docs/games.md "Closing game recommendations").
export const POST = withApi(({ member, body }) => setHideGames(member.id, body.hide_games), { auth: 'member', body: mySettingsBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
