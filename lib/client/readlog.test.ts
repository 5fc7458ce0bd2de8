import { mockFetch } from '@/test/mock-fetch';
import { postReadLog, readLogBody } from './readlog';

describe('reading-log reports', () => {
  it('send time_track whenever it is given, including 0', () => {
    expect(readLogBody({ article_id: 5, read_type: 2, time_track: 0 })).toEqual({ article_id: 5, read_type: 2, time_track: 0 });
    expect(readLogBody({ article_id: 5, read_type: 1, idx: 3 })).toEqual({ article_id: 5, read_type: 1, idx: 3 });
    expect(readLogBody({ article_id: 5, read_type: 1, time_track: null })).toEqual({ article_id: 5, read_type: 1 });
  });
  it('go to the reading or the listening call by read_type, with 0 on the wire', async () => {
    const { calls } = mockFetch({ 'POST /v1/my/readlogs_tts': { data: {} }, 'POST /v1/my/readlogs': { data: {} } });
    await postReadLog({ article_id: 7, read_type: 2, time_track: 0 });
    await postReadLog({ article_id: 7, read_type: 1, idx: 0 });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/v1/my/readlogs_tts', { article_id: 7, read_type: 2, time_track: 0 }],
      ['/v1/my/readlogs', { article_id: 7, read_type: 1, idx: 0 }],
    ]);
  });
});
