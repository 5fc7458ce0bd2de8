import { returnAddressOr, returnPath, returnPathOr } from './return-path';

describe('returnPath: a redirect target from a query parameter stays on this site', () => {
  it.each([
    '/m',
    '/m/read/21?nid=1',
    '/m/novels/1#chapters',
    '/orders/create?pid=3&return=%2Fm%2Fread%2F21',
    '/m/search?keyword=%E4%B9%A6',
    '/m/@author',
    '/m/a:b',
    '/m/search?keyword=a%20b',
    '/m/search?keyword=100%25',
    '/m/search?keyword=%2525',
  ])('keeps %s', (path) => {
    expect(returnPath(path)).toBe(path);
  });

  it.each([
    ['a tab', '/\t/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['an encoded newline', '/%0a/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['an encoded CR', '/%0D/evil.example'],
    ['a backslash', '/\\evil.example'],
    ['slash backslash', '/\\/evil.example'],
    ['a backslash later', '/m/..\\..\\evil'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash upper/lower', '/%5cevil.example'],
    ['protocol-relative', '//evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded second slash', '/%2Fevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['double-encoded tab', '/%2509/evil.example'],
    ['triple-encoded backslash', '/%25255Cevil.example'],
    ['absolute', 'https://evil.example/'],
    ['mixed-case scheme', 'HtTpS://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['mixed-case javascript:', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['userinfo', '//user@evil.example'],
    ['bare userinfo', '@evil.example'],
    ['encoded userinfo', '/%2F@evil.example'],
    ['relative', 'm/read'],
    ['leading space', ' /m'],
    ['NUL', '/m\u0000'],
    ['malformed escape', '/m/%E4%B9'],
    ['empty', ''],
  ])('refuses %s', (_label, raw) => {
    expect(returnPath(raw)).toBeNull();
    expect(returnPathOr(raw)).toBe('/m');
  });

  it('treats null and undefined as no path', () => {
    expect(returnPathOr(null)).toBe('/m');
    expect(returnPathOr(undefined, '/recharge/start')).toBe('/recharge/start');
  });
});

describe('returnAddressOr (an order return or cancel on one of our hosts)', () => {
  const ours = ['pay.shusheng.example', 'read.shusheng.example'];
  it('keeps our own paths and absolute addresses on our hosts', () => {
    expect(returnAddressOr('/m/read/21?nid=1', ours)).toBe('/m/read/21?nid=1');
    expect(returnAddressOr('https://read.shusheng.example/m/read/21?nid=1', ours)).toBe('https://read.shusheng.example/m/read/21?nid=1');
    expect(returnAddressOr('HTTPS://READ.shusheng.example/m', ours)).toBe('https://read.shusheng.example/m');
  });
  it.each([
    'https://evil.example/x',
    '//evil.example',
    '/%09/evil.example',
    'https://user:pw@read.shusheng.example/',
    'https://read.shusheng.example@evil.example/',
    'https://read.shusheng.example\\@evil.example/',
    'https:/\\evil.example/',
    'https:evil.example',
    'https://read.shusheng.example\t.evil.example/',
    'https://read.shusheng.example.evil.example/',
    'https://read.shusheng.example/%2F%2Fevil.example',
    'javascript:alert(1)',
    '',
  ])('sends %s to the fallback', (bad) => {
    expect(returnAddressOr(bad, ours)).toBe('/m');
  });
});
