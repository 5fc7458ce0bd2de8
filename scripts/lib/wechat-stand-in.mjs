// A local stand-in for the messaging app on 127.0.0.1 only (docs/sharing.md "Testing", docs/accounts.md "Third-party sign-in (OAuth)"):
// its token endpoints /cgi-bin/token and /cgi-bin/ticket/getticket, the follow check /cgi-bin/user/info, its web
// sign-in (the authorize page, /sns/oauth2/access_token, /sns/userinfo) and, for the in-app payment, /jsapi/pay
// handed on to the WeChat Pay stand-in as the app hands the payment to WeChat Pay. It counts the calls per path, can
// answer slowly or with an errcode, and checks the app id and secret it was given, like the provider does (errcode
// 40125 for a wrong secret).
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';

const CODE_TTL_MS = 5 * 60_000;
const escapeHtml = (v) => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startWechatStandIn({
  appId,
  appSecret,
  port = 0,
  delayMs = 0,
  expiresIn = 7200,
  callbacks = [],
  payBase = null,
} = {}) {
  const state = {
    calls: { token: 0, ticket: 0, authorize: 0, oauthToken: 0, userinfo: 0, userInfo: 0 },
    delayMs,
    expiresIn,
    tokenErrcode: 0,
    ticketErrcode: 0,
    issuedTokens: new Set(),
    lastTicket: '',
    /** Sign-in codes: code → { openid, nickname, expiresAt }; a code works once. */
    codes: new Map(),
    /** Sign-in access tokens: token → openid. */
    userTokens: new Map(),
    /** openid → nickname of everyone who authorized. */
    users: new Map(),
    /** OpenIDs that follow the official account (/cgi-bin/user/info answers subscribe 1). */
    followers: new Set(),
  };
  // The same nickname is the same person, as with our local provider: the OpenID is derived from it.
  const openidOf = (nickname) => `o${createHash('sha256').update(`${appId}:${nickname}`).digest('base64url').slice(0, 27)}`;
  const readBody = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const page = (res, status, title, html) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><h1>${title}</h1>${html}`,
    );
  };
  /** The sign-in request as the app checks it: our app id, a registered callback, the code flow. */
  const authorizeRequest = (params) => {
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('appid') !== appId) return { error: '参数错误：appid' };
    if (!callbacks.includes(redirectUri)) return { error: 'redirect_uri 参数错误' };
    if (params.get('response_type') !== 'code') return { error: '参数错误：response_type' };
    return { redirectUri, state: params.get('state') ?? '', scope: params.get('scope') ?? 'snsapi_base' };
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
    if (url.pathname === '/connect/oauth2/authorize') {
      state.calls.authorize++;
      const request = authorizeRequest(url.searchParams);
      if (request.error) return page(res, 400, '授权失败', `<p role="alert">${escapeHtml(request.error)}</p>`);
      const hidden = ['appid', 'redirect_uri', 'response_type', 'scope', 'state']
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(url.searchParams.get(k) ?? '')}">`)
        .join('');
      return page(
        res,
        200,
        '微信授权（本地替身）',
        `<form method="post" action="/connect/oauth2/authorize/approve">${hidden}<label>昵称 <input name="nickname" required maxlength="32"></label><button type="submit">同意授权</button></form>`,
      );
    }
    if (url.pathname === '/connect/oauth2/authorize/approve' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const request = authorizeRequest(form);
      const nickname = (form.get('nickname') ?? '').trim();
      if (request.error || !nickname) return page(res, 400, '授权失败', `<p role="alert">${escapeHtml(request.error ?? '请填写昵称')}</p>`);
      const openid = openidOf(nickname);
      state.users.set(openid, nickname);
      const code = randomBytes(16).toString('hex');
      state.codes.set(code, { openid, nickname, expiresAt: Date.now() + CODE_TTL_MS });
      const back = new URL(request.redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      state.calls.oauthToken++;
      const q = url.searchParams;
      if (q.get('appid') !== appId) return answer(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== appSecret) return answer(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return answer(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      const issued = state.codes.get(q.get('code') ?? '');
      // A code works once and for five minutes, as the app's own.
      state.codes.delete(q.get('code') ?? '');
      if (!issued || issued.expiresAt < Date.now()) return answer(res, { errcode: 40163, errmsg: 'code been used' });
      const token = `UAT_${randomBytes(12).toString('hex')}`;
      state.userTokens.set(token, issued.openid);
      return answer(res, {
        access_token: token,
        expires_in: 7200,
        refresh_token: `R${token}`,
        openid: issued.openid,
        scope: 'snsapi_userinfo',
      });
    }
    if (url.pathname === '/sns/userinfo') {
      state.calls.userinfo++;
      const openid = state.userTokens.get(url.searchParams.get('access_token') ?? '');
      if (!openid || openid !== url.searchParams.get('openid')) return answer(res, { errcode: 40001, errmsg: 'invalid credential' });
      return answer(res, { openid, nickname: state.users.get(openid) ?? '', sex: 0, headimgurl: '', privilege: [] });
    }
    if (url.pathname === '/cgi-bin/user/info') {
      state.calls.userInfo++;
      if (!state.issuedTokens.has(url.searchParams.get('access_token') ?? ''))
        return answer(res, { errcode: 40001, errmsg: 'invalid credential' });
      const openid = url.searchParams.get('openid') ?? '';
      if (!state.users.has(openid)) return answer(res, { errcode: 40003, errmsg: 'invalid openid' });
      return answer(res, { subscribe: state.followers.has(openid) ? 1 : 0, openid });
    }
    if (url.pathname === '/jsapi/pay' && req.method === 'POST' && payBase) {
      // The app hands the page's signed parameters to WeChat Pay, which checks paySign, pays and notifies.
      const paid = await fetch(`${payBase}/jsapi/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await readBody(req),
      });
      res.writeHead(paid.status, { 'content-type': 'application/json' });
      return res.end(await paid.text());
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
