import { paragraphAt, paragraphStart } from './time-track';

describe('paragraphAt', () => {
  const track = [0, 4.2, 9.8, 15];

  it('is the last paragraph started at or before the time', () => {
    expect(paragraphAt(track, 0)).toBe(0);
    expect(paragraphAt(track, 4.19)).toBe(0);
    expect(paragraphAt(track, 4.2)).toBe(1);
    expect(paragraphAt(track, 12)).toBe(2);
    expect(paragraphAt(track, 600)).toBe(3);
  });

  it('is -1 without a track, before it starts, or for a time that is not a number', () => {
    expect(paragraphAt(null, 3)).toBe(-1);
    expect(paragraphAt([], 3)).toBe(-1);
    expect(paragraphAt([2, 5], 1)).toBe(-1);
    expect(paragraphAt(track, Number.NaN)).toBe(-1);
  });
});

describe('paragraphStart', () => {
  it('answers only for paragraphs the (possibly still growing) track reaches', () => {
    expect(paragraphStart([0, 4.2], 1)).toBe(4.2);
    expect(paragraphStart([0, 4.2], 2)).toBeNull();
    expect(paragraphStart(null, 0)).toBeNull();
  });
});
