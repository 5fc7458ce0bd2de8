/**
 * The wheel's geometry (docs/activity-pages.md "How the wheel spins"): slot i spans [i·s, (i+1)·s) degrees clockwise
 * from the pointer at the top, s = 360 / n. To stop on slot i the wheel turns so the slot's middle comes under the
 * pointer: an angle ≡ −(i + ½)·s (mod 360), after `turns` whole turns past where it stands.
 */
export function stopAngle(current: number, index: number, slots: number, turns: number): number {
  const slot = 360 / slots;
  const target = (((360 - (index + 0.5) * slot) % 360) + 360) % 360;
  const base = Math.ceil(current / 360) * 360;
  let next = base + turns * 360 + target;
  // Always forward: never a backward or zero turn when the wheel already stands past the target within this turn.
  if (next <= current) next += 360;
  return next;
}

/** The slot the pointer is over when the wheel stands at `angle`. */
export function slotAt(angle: number, slots: number): number {
  const slot = 360 / slots;
  const a = (((360 - (angle % 360)) % 360) + 360) % 360;
  return Math.floor(a / slot) % slots;
}

/**
 * conic-gradient stops for n slots in alternating colours (CSS variables, so the night skin recolours them). With an
 * odd n the last slot takes a third colour, so it never matches the first beside it.
 */
export function wheelGradient(slots: number): string {
  const slot = 360 / slots;
  const stops: string[] = [];
  for (let i = 0; i < slots; i++) {
    const colour = slots % 2 === 1 && i === slots - 1 && slots > 1 ? 'var(--wheel-c)' : i % 2 === 0 ? 'var(--wheel-a)' : 'var(--wheel-b)';
    stops.push(`${colour} ${(i * slot).toFixed(3)}deg ${((i + 1) * slot).toFixed(3)}deg`);
  }
  return `conic-gradient(${stops.join(', ')})`;
}
