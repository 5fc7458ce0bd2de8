// A local stand-in for the messaging app's token endpoints (docs/sharing.md "Testing"): /cgi-bin/token and
// /cgi-bin/ticket/getticket on 127.0.0.1 only. It counts the calls per path, can answer slowly or with an errcode,
// and checks the app id and secret it was given, like the provider does (errcode 40125 for a wrong secret).
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export async function startWechatStandIn({ appId, appSecret, port = 0, delayMs = 0, expiresIn = 7200 } = {}) {
  const state = {
    calls: { token: 0, ticket: 0 },
    delayMs,
    expiresIn,
    tokenErrcode: 0,
    ticketErrcode: 0,
    issuedTokens: new Set(),
    lastTicket: '',
  };
  const answer = (res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (url.pathname === '/cgi-bin/token') {
      state.calls.token++;
      if (state.tokenErrcode)
        return answer(res, { errcode: state.tokenErrcode, errmsg: `stand-in error, secret ${url.searchParams.get('secret')}` });
      if (url.searchParams.get('grant_type') !== 'client_credential' || url.searchParams.get('appid') !== appId)
        return answer(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (url.searchParams.get('secret') !== appSecret) return answer(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      const token = `TOKEN_${randomBytes(8).toString('hex')}`;
      state.issuedTokens.add(token);
      return answer(res, { access_token: token, expires_in: state.expiresIn });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      state.calls.ticket++;
      if (state.ticketErrcode) {
        const errcode = state.ticketErrcode;
        if (errcode === 40001) state.ticketErrcode = 0; // a stale token once, then fine
        return answer(res, { errcode, errmsg: 'stand-in ticket error' });
      }
      if (url.searchParams.get('type') !== 'jsapi' || !state.issuedTokens.has(url.searchParams.get('access_token') ?? ''))
        return answer(res, { errcode: 40001, errmsg: 'invalid credential' });
      state.lastTicket = `TICKET_${randomBytes(8).toString('hex')}`;
      return answer(res, { errcode: 0, errmsg: 'ok', ticket: state.lastTicket, expires_in: state.expiresIn });
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address();
  return {
    base: `http://127.0.0.1:${bound}`,
    state,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
