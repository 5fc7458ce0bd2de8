import { mergeChapterList } from './chapter-list';

const ids = (list: Array<{ id: number }>) => list.map((c) => c.id);
const of = (...n: number[]) => n.map((id) => ({ id }));

describe('the chapter-list update rule (docs/reading.md)', () => {
  it('next=1 appends, next=0 prepends, anything else replaces', () => {
    expect(ids(mergeChapterList(of(3, 4), of(5, 6), 1))).toEqual([3, 4, 5, 6]);
    expect(ids(mergeChapterList(of(3, 4), of(1, 2), 0))).toEqual([1, 2, 3, 4]);
    expect(ids(mergeChapterList(of(3, 4), of(9), undefined))).toEqual([9]);
    expect(ids(mergeChapterList(of(3, 4), of(9), 2))).toEqual([9]);
  });
  it('never lists a chapter twice when pages overlap', () => {
    expect(ids(mergeChapterList(of(3, 4), of(4, 5), 1))).toEqual([3, 4, 5]);
    expect(ids(mergeChapterList(of(3, 4), of(2, 3), 0))).toEqual([2, 3, 4]);
  });
});
