import Cookies from 'js-cookie';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ARTICLE_CACHE_SIZE, cachedArticle, cachedArticleIds, rememberArticle } from './article-cache';

const chapter = (id: number) => ({ id, novel_id: 1, paragraphs: [`text ${id}`] }) as unknown as ReadChapter;

describe('the article cache (last 10)', () => {
  afterEach(() => Cookies.remove('member_id'));
  it('keeps the 10 most recently used and drops the oldest', () => {
    for (let id = 1; id <= 12; id++) rememberArticle(chapter(id));
    expect(cachedArticleIds()).toHaveLength(ARTICLE_CACHE_SIZE);
    expect(cachedArticle(1)).toBeUndefined();
    expect(cachedArticle(3)?.id).toBe(3);
    rememberArticle(chapter(13));
    // 3 was used just now, so 4 is the oldest and leaves.
    expect(cachedArticle(3)?.id).toBe(3);
    expect(cachedArticle(4)).toBeUndefined();
  });
  // A new member arrives with a sign-in answer's Set-Cookie, in a later task than the last lookup: the identity
  // module reads document.cookie once per task (docs/operations.md "First screen"), so each change is awaited here.
  const nextTask = () => new Promise((r) => setTimeout(r, 0));
  it('never hands one reader a chapter fetched for another', async () => {
    Cookies.set('member_id', '7');
    await nextTask();
    rememberArticle(chapter(50));
    expect(cachedArticle(50)?.id).toBe(50);
    Cookies.set('member_id', '8');
    await nextTask();
    expect(cachedArticle(50)).toBeUndefined();
    Cookies.remove('member_id');
    await nextTask();
    expect(cachedArticle(50)).toBeUndefined();
  });
});
