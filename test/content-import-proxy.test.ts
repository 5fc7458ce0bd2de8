import { config } from '@/proxy';
// Next's own compiler of `config.matcher`, so the test sees the paths exactly as the server will.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getMiddlewareMatchers } = require('next/dist/build/analysis/get-page-static-info') as {
  getMiddlewareMatchers: (matcher: unknown, nextConfig: Record<string, unknown>) => Array<{ regexp: string }>;
};

// The import's upload is the one console path the route guard does not run on: the guard buffers at most 10 MB of a
// body and cuts the rest, and a novel may be 50 MB (docs/content.md "Limits"). Every other console path keeps it.
const matchers = getMiddlewareMatchers(config.matcher, {});
const guarded = (path: string) => matchers.some((m) => new RegExp(m.regexp).test(path));

it('leaves only the import upload outside the route guard', () => {
  expect(guarded('/admin/actions/import-upload')).toBe(false);
  for (const path of [
    '/admin',
    '/admin/login',
    '/admin/content/import',
    '/admin/content/import/12',
    '/admin/actions/import-draft',
    '/admin/actions/import-upload-x',
    '/admin/actions/import-uploads',
    '/admin/actions/import-upload/x',
    '/admin/actions/ads',
    '/m',
  ]) {
    expect(guarded(path)).toBe(true);
  }
});
