import { GET } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';
import { loadFlags, setFlag } from '@/lib/server/config/flags';

useTestDatabase();

describe('GET /v1/spa/config', () => {
  it('hands out the tts config, enabled by default, and keeps server-only flags back', async () => {
    await loadFlags();
    const res = await callRoute<Record<string, unknown>>(GET, { url: '/v1/spa/config' });
    expect(res.status).toBe(200);
    expect(res.body.data?.tts).toMatchObject({ enabled: true });
    expect(res.body.data).not.toHaveProperty('blocked_urls');
    expect(res.body.data).not.toHaveProperty('minor_caps');
  });

  it('answers tts disabled once staff switch listening off (the mini player then stays hidden)', async () => {
    await setFlag('tts', { enabled: false, voices: {}, default_rate: 1 });
    const res = await callRoute<Record<string, unknown>>(GET, { url: '/v1/spa/config' });
    expect(res.body.data?.tts).toMatchObject({ enabled: false });
  });
});
