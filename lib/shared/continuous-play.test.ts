import { CONTINUOUS_PLAY_UNLIMITED, continuousPlayCount } from './continuous-play';

describe('continuousPlayCount (docs/listening.md)', () => {
  it('type 1 gives 3 episodes, 2 gives 8, 3 unlimited', () => {
    expect(continuousPlayCount(1)).toBe(3);
    expect(continuousPlayCount(2)).toBe(8);
    expect(continuousPlayCount(3)).toBe(CONTINUOUS_PLAY_UNLIMITED);
    expect(CONTINUOUS_PLAY_UNLIMITED).toBe(-1);
  });

  it('any other type (off, unknown, garbage from storage) gives 0', () => {
    for (const type of [0, 4, -1, 1.5, Number.NaN]) expect(continuousPlayCount(type)).toBe(0);
  });
});
