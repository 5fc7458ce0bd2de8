import { GET } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';

useTestDatabase({ seed: true });

type Qr = { url: string; logo: string; content: string };

describe('GET /v1/mp/qrcode', () => {
  const site = process.env.SITE_URL;
  afterEach(() => {
    if (site === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = site;
  });

  it('answers the absolute follow link on this site and our logo', async () => {
    delete process.env.SITE_URL;
    const res = await callRoute<Qr>(GET, {
      url: '/v1/mp/qrcode?article_id=21',
      headers: { host: 'read.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        content: 'https://read.example.com/follow?article_id=21',
        url: 'https://read.example.com/follow?article_id=21',
        logo: '/brand/logo.svg',
      },
    });
  });

  it('prefers SITE_URL, and works without an article', async () => {
    process.env.SITE_URL = 'https://shusheng.example.cn/';
    const res = await callRoute<Qr>(GET, { url: '/v1/mp/qrcode', headers: { host: 'internal:3000' } });
    expect(res.body.data).toMatchObject({ content: 'https://shusheng.example.cn/follow' });
  });

  it('refuses a malformed article_id with a Chinese 400', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await callRoute(GET, { url: `/v1/mp/qrcode?article_id=${bad}` });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.message).toMatch(/article_id：ID 格式不正确/);
    }
  });

  it('answers 404 with a Chinese message for a chapter that does not exist', async () => {
    const res = await callRoute(GET, { url: '/v1/mp/qrcode?article_id=2000000000' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('章节不存在');
  });
});
