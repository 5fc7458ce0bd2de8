import { useTestDatabase } from '@/test/db';
import { getDb } from '../db/client';
import { sensitiveWords } from '../db/schema';
import { checkText, normalizeText } from './filter';
import { addWord, deleteWord } from './words';
import { currentMatcher, forgetWords, WORDS_REFRESH_MS } from './word-list';
import { WordMatcher } from './word-matcher';

useTestDatabase({ seed: true });
const admin = { id: 1, role: 'admin', ip: '127.0.0.1' };

beforeAll(async () => {
  // Staff rows are not in the seed; the audit row needs a real staff id.
  const { createStaffFromCommand } = await import('../staff/accounts');
  admin.id = await createStaffFromCommand(getDb(), { username: 'filteradmin', role: 'admin', password: 'long-enough-pass' });
});
afterAll(() => forgetWords());

describe('normalizeText (docs/moderation.md "Normalisation")', () => {
  it('folds full width, case and traditional characters', () => {
    expect(normalizeText('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeText('加ＶＸ')).toBe('加vx');
    expect(normalizeText('發財 臺灣 裡面')).toBe('发财台湾里面');
  });

  it('drops separators: spaces, punctuation, symbols, zero-width characters and emoji', () => {
    expect(normalizeText('加 微-信')).toBe('加微信');
    expect(normalizeText('加\u200b微\u200d信\ufeff')).toBe('加微信');
    expect(normalizeText('加😀微👍🏽信')).toBe('加微信');
    expect(normalizeText('加❤️微★信')).toBe('加微信');
    expect(normalizeText('代…充！！')).toBe('代充');
  });

  it('keeps letters of every script, with their combining marks', () => {
    expect(normalizeText('ئۇيغۇرچە')).toBe('ئۇيغۇرچە');
    expect(normalizeText('བོད་ཡིག')).toBe('བོདཡིག');
  });
});

describe('checkText on the seeded list', () => {
  it('passes ordinary text', async () => {
    expect(await checkText('这本书写得真好，期待更新！')).toEqual({ verdict: 'ok' });
    expect(await checkText('')).toEqual({ verdict: 'ok' });
  });

  it.each([
    ['plain', '想看更多加微信'],
    ['full width and case', '加ＶＸ：abc'],
    ['traditional', '免費領書幣啦'],
    ['spaces and symbols', '加 微 · 信 123'],
    ['zero-width characters', '代\u200b充'],
    ['emoji between the letters', '刷🔥单'],
  ])('blocks an advertising pattern written %s', async (_how, text) => {
    expect(await checkText(text)).toMatchObject({ verdict: 'block', category: 'ads' });
  });

  it('holds a review word for a moderator and names its category', async () => {
    expect(await checkText('你这个脑残作者')).toEqual({ verdict: 'review', category: 'abuse', word: '脑残' });
  });

  it('returns the strongest verdict when a text hits both kinds', async () => {
    expect(await checkText('脑残！加微信')).toMatchObject({ verdict: 'block', word: '加微信' });
  });
});

describe('word list edits (docs/moderation.md "Word list")', () => {
  it('an added word takes effect at once in this process, a deleted one stops', async () => {
    expect((await checkText('这里有个测试屏蔽词')).verdict).toBe('ok');
    const id = await addWord(admin, { word: '測試 屏蔽詞', category: 'illegal' });
    const [row] = await getDb()
      .select()
      .from(sensitiveWords)
      .where((await import('drizzle-orm')).eq(sensitiveWords.id, id));
    expect(row).toMatchObject({ word: '测试屏蔽词', action: 'block' });
    expect(await checkText('这里有个测试屏蔽词')).toMatchObject({ verdict: 'block', category: 'illegal' });
    await deleteWord(admin, id);
    expect((await checkText('这里有个测试屏蔽词')).verdict).toBe('ok');
  });

  it('another process’s edit is picked up within the refresh interval', async () => {
    const now = Date.now() + 10 * WORDS_REFRESH_MS;
    await currentMatcher(now);
    await getDb().insert(sensitiveWords).values({ word: '别的进程加的词', category: 'ads', action: 'review' });
    expect((await currentMatcher(now + 1000)).check('别的进程加的词')).toEqual({ verdict: 'ok' });
    expect((await currentMatcher(now + WORDS_REFRESH_MS)).check('别的进程加的词')).toMatchObject({ verdict: 'review' });
  });

  it('refuses a duplicate, an unknown category and a word that is only separators', async () => {
    await expect(addWord(admin, { word: '加 微 信', category: 'ads' })).rejects.toMatchObject({ status: 409 });
    await expect(addWord(admin, { word: '新词', category: 'nope' })).rejects.toMatchObject({ status: 400 });
    await expect(addWord(admin, { word: '  ！！ ', category: 'ads' })).rejects.toMatchObject({ status: 400 });
    await expect(addWord(admin, { word: '新词', category: 'ads', action: 'delete' })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses roles without the word permission', async () => {
    await expect(addWord({ ...admin, role: 'editor' }, { word: '编辑加词', category: 'ads' })).rejects.toMatchObject({ status: 403 });
    await expect(deleteWord({ ...admin, role: 'finance' }, 1)).rejects.toMatchObject({ status: 403 });
  });
});

describe('WordMatcher', () => {
  it('with an empty list passes everything', () => {
    expect(new WordMatcher([]).check('任何文字')).toEqual({ verdict: 'ok' });
  });
  it('finds overlapping words and prefers block', () => {
    const m = new WordMatcher([
      { word: 'abc', category: 'abuse', action: 'review' },
      { word: 'bcd', category: 'ads', action: 'block' },
    ]);
    expect(m.check('xabcdx')).toMatchObject({ verdict: 'block', word: 'bcd' });
  });
});
