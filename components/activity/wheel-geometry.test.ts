import { slotAt, stopAngle, wheelGradient } from './wheel-geometry';

describe('wheel geometry', () => {
  it('stops with the chosen slot under the pointer, always turning forward by whole turns first', () => {
    for (const slots of [6, 7, 8]) {
      let angle = 0;
      for (const index of [0, 3, slots - 1, 3, 0]) {
        const next = stopAngle(angle, index, slots, 6);
        expect(next).toBeGreaterThan(angle + 6 * 360 - 1);
        expect(slotAt(next, slots)).toBe(index);
        angle = next;
      }
    }
  });

  it('with no turns (reduced motion) still lands on the slot and never goes back', () => {
    const a = stopAngle(0, 2, 7, 0);
    expect(slotAt(a, 7)).toBe(2);
    const b = stopAngle(a, 2, 7, 0);
    expect(b).toBeGreaterThan(a);
    expect(slotAt(b, 7)).toBe(2);
  });

  it('an odd number of slices: the last has a colour of its own, never the first’s', () => {
    const g = wheelGradient(7);
    expect(g.startsWith('conic-gradient(var(--wheel-a) 0.000deg')).toBe(true);
    expect(g).toContain('var(--wheel-c) 308.571deg 360.000deg');
  });

  it('draws n alternating slices from the top', () => {
    expect(wheelGradient(4)).toBe(
      'conic-gradient(var(--wheel-a) 0.000deg 90.000deg, var(--wheel-b) 90.000deg 180.000deg, var(--wheel-a) 180.000deg 270.000deg, var(--wheel-b) 270.000deg 360.000deg)',
    );
  });
});
