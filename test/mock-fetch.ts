/**
 * A fetch stand-in for component tests: answers by "METHOD /path" (query ignored unless the key has one)
 * with an API envelope, and records every call with its parsed body.
 */
export type Reply = { status?: number; code?: number; message?: string; data?: unknown };
export type Routes = Record<string, Reply | ((body: unknown, url: string) => Reply)>;

export interface FetchCall {
  method: string;
  url: string;
  path: string;
  body: unknown;
}

export function mockFetch(routes: Routes): { calls: FetchCall[]; fn: jest.Mock } {
  const calls: FetchCall[] = [];
  const fn = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0]!;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, path, body });
    const route = routes[`${method} ${input}`] ?? routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(body, input) : (route ?? { status: 404, code: 40400, message: '接口不存在' });
    const status = reply.status ?? 200;
    const envelope =
      status < 400
        ? { code: reply.code ?? 0, message: reply.message ?? '', data: reply.data }
        : { code: reply.code ?? status * 100, message: reply.message ?? '出错了', data: reply.data };
    return { ok: status < 400, status, json: async () => envelope } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { calls, fn };
}
