import { contentSecurityPolicy, securityHeaders } from './security-headers';

const header = (pairs: { key: string; value: string }[], key: string) => pairs.find((p) => p.key === key)?.value;

describe('securityHeaders', () => {
  it('pins https (HSTS) only when SITE_URL is https', () => {
    expect(header(securityHeaders({ siteUrl: 'https://shusheng.example', nodeEnv: 'production' }), 'Strict-Transport-Security')).toMatch(
      /max-age=\d{7,}/,
    );
    expect(
      header(securityHeaders({ siteUrl: 'http://localhost:3000', nodeEnv: 'production' }), 'Strict-Transport-Security'),
    ).toBeUndefined();
    expect(header(securityHeaders({ siteUrl: undefined, nodeEnv: 'production' }), 'Strict-Transport-Security')).toBeUndefined();
  });

  it('forbids framing and sniffing and trims the referrer', () => {
    const pairs = securityHeaders({ siteUrl: 'http://localhost:3000', nodeEnv: 'production' });
    expect(header(pairs, 'X-Frame-Options')).toBe('DENY');
    expect(header(pairs, 'X-Content-Type-Options')).toBe('nosniff');
    expect(header(pairs, 'Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(header(pairs, 'Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('allows no eval and no other origin in production but the JS-SDK host, for scripts only', () => {
    const csp = contentSecurityPolicy({ https: true, dev: false });
    expect(csp).not.toContain('unsafe-eval');
    expect(csp.replace(' https://res.wx.qq.com;', ';')).not.toMatch(/https?:|\*|ws:/);
    expect(csp.split('; ').filter((d) => d.includes('res.wx.qq.com'))).toEqual(["script-src 'self' 'unsafe-inline' https://res.wx.qq.com"]);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ https: false, dev: false })).not.toContain('upgrade-insecure-requests');
  });
});
