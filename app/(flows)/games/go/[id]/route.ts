import { withinIpLimit } from '@/lib/server/abuse/rate-limit';
import { clickGame } from '@/lib/server/games/games';
import { clientIp } from '@/lib/server/http/client-ip';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { gameIdParams } from '@/lib/shared/schemas/games';

// GET /games/go/{id} — a game card's tap: counts the click for today, then 302 to the address staff entered and the
// console checked (docs/games.md "Games"). Unknown or inactive games get the flows' Chinese error page. Taps past the
// per-address limit still open the game but are not counted.
export const GET = withFlow(
  async ({ req, params }) => {
    const count = await withinIpLimit('gameClicks', clientIp(req), req.headers);
    const res = flowRedirect(req, await clickGame(params.id, { count }), 302);
    res.headers.set('Cache-Control', 'no-store');
    res.headers.set('Referrer-Policy', 'no-referrer');
    return res;
  },
  { params: gameIdParams },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
