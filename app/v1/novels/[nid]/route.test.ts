import { GET } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';

useTestDatabase({ seed: true });

const get = (nid: string) => callRoute(GET, { url: `/v1/novels/${nid}`, params: { nid } });

describe('GET /v1/novels/{nid}', () => {
  it('answers the novel detail in the envelope', async () => {
    const res = await get('1');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.message).toBe('');
    expect(res.body.data).toMatchObject({ id: 1, article_count: 200, has_tts: true, first_article_id: 1, thumb: '/covers/1.svg' });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves a Uyghur novel with its language type', async () => {
    const res = await get('3');
    expect(res.body.data).toMatchObject({ id: 3, language_type: 0, has_tts: true });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '2147483648', '1e3', '%20'])(
    'refuses %p with a 400 envelope in Chinese',
    async (nid) => {
      const res = await get(nid);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40000, message: 'nid：ID 格式不正确' });
      expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|Error:/);
    },
  );

  it('answers 404 for a missing novel', async () => {
    const res = await get('99999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 40400, message: '小说不存在' });
  });

  it('answers 90401 for an off-shelf novel', async () => {
    const res = await get('5');
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: 90401, message: '本书已下架', data: { novel_id: 5 } });
  });
});
