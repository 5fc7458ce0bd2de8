import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NextRequest } from 'next/server';
import { METHOD_NOT_ALLOWED, ROUTE_METHODS } from '@/lib/server/http/method-not-allowed';

// Every route file under app/v1 and the flow routes: Next answers a method a file does not export with an empty
// 405, so each must export all five, its own plus the 40500 envelope for the rest (docs/api.md "Methods").
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === 'route.ts' ? [path] : [];
  });
}

const root = join(__dirname, '..');
const files = [...routeFiles(join(root, 'app/v1')), ...routeFiles(join(root, 'app/(flows)'))].map((f) => relative(root, f));

type Handler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  [METHOD_NOT_ALLOWED]?: true;
};

describe('every route answers an unsupported method with the 40500 envelope', () => {
  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(80);
  });

  it.each(files)('%s', async (file) => {
    const mod = (await import(`@/${file}`)) as Record<string, Handler | undefined>;
    const own = ROUTE_METHODS.filter((m) => typeof mod[m] === 'function' && !mod[m]![METHOD_NOT_ALLOWED]);
    expect(own.length).toBeGreaterThan(0);
    for (const method of ROUTE_METHODS) {
      const handler = mod[method];
      expect(typeof handler).toBe('function');
      if (own.includes(method)) continue;
      const res = await handler!(new NextRequest('http://localhost/x', { method }), { params: Promise.resolve({}) });
      expect(res.status).toBe(405);
      expect(await res.json()).toEqual({ code: 40500, message: '不支持的请求方式' });
      const allow = res.headers.get('allow')!.split(', ');
      expect(allow.filter((m) => ROUTE_METHODS.includes(m as (typeof ROUTE_METHODS)[number]))).toEqual(own);
      expect(allow).toContain('OPTIONS');
    }
    // OPTIONS lists what the route really takes (Next's own would list the 405 handlers too).
    if (mod.OPTIONS) {
      const options = await mod.OPTIONS(new NextRequest('http://localhost/x', { method: 'OPTIONS' }), { params: Promise.resolve({}) });
      expect(options.status).toBe(204);
      const allow = options.headers.get('allow')!.split(', ');
      expect(allow.filter((m) => ROUTE_METHODS.includes(m as (typeof ROUTE_METHODS)[number]))).toEqual(own);
      expect(allow.includes('HEAD')).toBe(own.includes('GET'));
    } else {
      expect(own).toEqual([...ROUTE_METHODS]);
    }
  });
});
