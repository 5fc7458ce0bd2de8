import { absoluteUrl, requestOrigin } from './request-origin';

const req = (headers: Record<string, string>, url = 'http://localhost:3000/x') => ({
  headers: new Headers(headers),
  nextUrl: new URL(url),
});

describe('requestOrigin', () => {
  it('follows the proxy headers when they make an origin', () => {
    expect(requestOrigin(req({ host: 'a.example', 'x-forwarded-host': 'b.example:8443', 'x-forwarded-proto': 'https' }))).toBe(
      'https://b.example:8443',
    );
    expect(requestOrigin(req({ host: 'a.example' }))).toBe('http://a.example');
  });

  it.each([
    [{ 'x-forwarded-host': 'a b' }, 'http://localhost:3000'],
    [{ 'x-forwarded-host': '[::1' }, 'http://localhost:3000'],
    [{ 'x-forwarded-host': '%FF', host: 'c.example' }, 'http://c.example'],
    [{ 'x-forwarded-host': 'localhost:99999' }, 'http://localhost:3000'],
    [{ 'x-forwarded-host': 'evil.example/path' }, 'http://localhost:3000'],
    [{ 'x-forwarded-proto': '%' }, 'http://localhost:3000'],
    [{ 'x-forwarded-proto': 'javascript' }, 'http://localhost:3000'],
  ])('ignores a header that makes no origin: %p', (headers, origin) => {
    expect(requestOrigin(req(headers))).toBe(origin);
    expect(() => absoluteUrl(req(headers), '/m')).not.toThrow();
  });
});
