import { firstHitOfDay, withinIpLimit } from '@/lib/server/abuse/rate-limit';
import { visitorKey } from '@/lib/server/ads/viewer';
import { COOKIE } from '@/lib/shared/cookies';
import { clickGame } from '@/lib/server/games/games';
import { clientIp } from '@/lib/server/core/client-ip';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { gameIdParams } from '@/lib/shared/schemas/games';

// GET /games/go/{id} — a game card's tap: 302 to the address staff entered and the console checked, counted for today
// once per reader (the tracking cookie, else the address) and within the per-address limit (docs/games.md "Games").
// Unknown or inactive games get the flows' Chinese error page. Taps that do not count still open the game.
export const GET = withFlow(
  async ({ req, params }) => {
    const ip = clientIp(req);
    const reader = visitorKey(req.cookies.get(COOKIE.tracking)?.value, ip);
    const shouldCount = async (day: string) =>
      (await firstHitOfDay('gameTap', `${params.id}:${reader}`, day)) && (await withinIpLimit('gameClicks', ip, req.headers));
    const res = flowRedirect(req, await clickGame(params.id, { shouldCount }), 302);
    res.headers.set('Cache-Control', 'no-store');
    res.headers.set('Referrer-Policy', 'no-referrer');
    return res;
  },
  { params: gameIdParams },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
