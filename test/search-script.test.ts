import { callRoute } from './route';
import { useTestDatabase } from './db';
import { GET as search } from '@/app/v1/search/route';
import { keywordLanguage } from '@/lib/server/catalog/search';

// docs/catalogue.md "Search": the keyword's script picks the language searched.
useTestDatabase({ seed: true });
type Hit = { id: number; language_type: number };
type Answer = { status: number; body: { code: number; data: { data: Hit[]; total: number } } };
const get = (qs: string) => callRoute(search, { url: `/v1/search?${qs}` }) as Promise<Answer>;
const kw = (word: string) => `keyword=${encodeURIComponent(word)}`;

describe('keywordLanguage', () => {
  it.each([
    ['قەشقەر', 1, 0],
    ['ﻗﻪ', 1, 0], // presentation forms, as some keyboards send them
    ['ཁ་བ', 1, 2],
    ['ཁ་བ', 0, 2],
    ['修仙', 0, 0],
    ['abc', 2, 2],
    ['修仙', undefined, undefined],
    ['\ufeff修仙', 1, 1], // a stray byte-order mark is not Arabic
  ])('%s asked in %p searches %p', (word, requested, expected) => {
    expect(keywordLanguage(word, requested)).toBe(expected);
  });
});

describe('GET /v1/search by script', () => {
  it('a Uyghur keyword finds Uyghur books even when Chinese is asked for', async () => {
    const res = await get(`${kw('قەشقەر')}&language_type=1`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.data.every((n) => n.language_type === 0)).toBe(true);
  });

  it('a Tibetan keyword finds Tibetan books when Chinese or Uyghur is asked for', async () => {
    for (const lt of [1, 0]) {
      const res = await get(`${kw('ཁ་བ')}&language_type=${lt}`);
      expect(res.body.data.total).toBeGreaterThan(0);
      expect(res.body.data.data.every((n) => n.language_type === 2)).toBe(true);
    }
  });

  it('a Chinese keyword stays in the language asked for', async () => {
    const res = await get(`${kw('的')}&language_type=1`);
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.data.every((n) => n.language_type === 1)).toBe(true);
  });

  it('a lone Arabic punctuation mark or Tibetan sign answers an empty list, not an error', async () => {
    for (const word of ['،', '༄', '%']) {
      const res = await get(`${kw(word)}&language_type=1`);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(0);
    }
  });

  it('refuses a bad language and a keyword too long, in any script', async () => {
    expect((await get(`${kw('قەشقەر')}&language_type=7`)).status).toBe(400);
    expect((await get(`${kw('ق'.repeat(33))}`)).status).toBe(400);
    expect((await get(`${kw('ཀ'.repeat(33))}&language_type=x`)).status).toBe(400);
  });
});
