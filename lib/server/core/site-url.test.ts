import { refuseBadSiteUrl, siteUrlRefusal } from './site-url';

// The start-up check of SITE_URL (docs/deploy.md "Environment"): a deployment has a public origin, so origin checks
// never fall back to the request's Host.

describe('siteUrlRefusal', () => {
  it.each([
    [{ NODE_ENV: 'production', DEPLOY: '1' }, /SITE_URL must be set in a deployment \(DEPLOY=1\)/],
    [{ NODE_ENV: 'production', DEPLOY: '1', SITE_URL: '' }, /SITE_URL must be set/],
    [{ NODE_ENV: 'production', DEPLOY: '1', SITE_URL: 'read.example.com' }, /SITE_URL=read\.example\.com is not an http\(s\) address/],
    [{ NODE_ENV: 'production', DEPLOY: '1', SITE_URL: 'ftp://read.example.com' }, /not an http\(s\) address/],
    [{ SITE_URL: 'javascript:alert(1)' }, /not an http\(s\) address/],
  ])('refuses %p', (env, message) => {
    expect(siteUrlRefusal(env)).toMatch(message);
  });

  it.each([
    { NODE_ENV: 'production', DEPLOY: '1', SITE_URL: 'https://read.example.com' },
    { NODE_ENV: 'production', DEPLOY: '1', SITE_URL: 'http://10.0.0.5:3000' },
    // Not a deployment: a laptop, the e2e and cluster servers, tests.
    {},
    { NODE_ENV: 'production' },
    { NODE_ENV: 'development', DEPLOY: '1' },
    { SITE_URL: 'http://localhost:3000' },
  ])('lets %p start', (env) => {
    expect(siteUrlRefusal(env)).toBeNull();
  });
});

describe('refuseBadSiteUrl', () => {
  const saved = process.env.SITE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
    jest.restoreAllMocks();
  });

  it('prints the reason and ends the process with status 1; a good value passes', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.SITE_URL = 'read.example.com';
    refuseBadSiteUrl();
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('SITE_URL=read.example.com is not an http(s) address'));
    exit.mockClear();
    process.env.SITE_URL = 'https://read.example.com';
    refuseBadSiteUrl();
    expect(exit).not.toHaveBeenCalled();
  });
});
