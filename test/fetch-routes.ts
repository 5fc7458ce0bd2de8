/**
 * A fake fetch for component tests: answers `METHOD /path` (query ignored) from a table with the API envelope,
 * and records every call with its parsed query and body.
 */
export type RouteAnswer = unknown | ((call: FetchCall) => unknown);

export interface FetchCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export function fetchRoutes(routes: Record<string, RouteAnswer>): { calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  global.fetch = jest.fn(async (input: string, init: { method?: string; body?: string } = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: FetchCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: init.body ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    if (!(key in routes)) return { ok: false, status: 404, json: async () => ({ code: 40400, message: '接口不存在' }) };
    const answer = routes[key];
    const data = typeof answer === 'function' ? (answer as (c: FetchCall) => unknown)(call) : answer;
    return { ok: true, status: 200, json: async () => ({ code: 0, message: '', data }) };
  }) as unknown as typeof fetch;
  return { calls };
}
