import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { topsByIndex } from './paragraph-tops';

const top = (id: number, count: number) => ({ count, top: { id, nickname: '读者', likes: 0, content: `评论${id}` } });

describe('comments while listening: the local lookup', () => {
  const paragraphs = ['第一段', '……', '第三段', '……', '第五段'];

  it('places each hash on its paragraph, a repeated text on its first occurrence only', () => {
    const map = topsByIndex(paragraphs, { [paragraphHash('第三段')]: top(1, 2), [paragraphHash('……')]: top(2, 5) });
    expect([...map.keys()].sort()).toEqual([1, 2]);
    expect(map.get(2)).toMatchObject({ count: 2, top: { id: 1 } });
    expect(map.get(1)).toMatchObject({ count: 5 });
    expect(map.has(3)).toBe(false);
  });

  it('ignores hashes of paragraphs no longer in the chapter and zero counts', () => {
    const map = topsByIndex(paragraphs, { [paragraphHash('删掉的段落')]: top(3, 1), [paragraphHash('第五段')]: top(4, 0) });
    expect(map.size).toBe(0);
  });

  it('matches paragraphs whatever their whitespace, like the server', () => {
    const map = topsByIndex(['  第一段 '], { [paragraphHash('第一段')]: top(5, 1) });
    expect(map.get(0)?.top.id).toBe(5);
  });
});
