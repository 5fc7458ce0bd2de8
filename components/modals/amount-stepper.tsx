'use client';

import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';

/** − n + within [min, max], 44 px buttons, the number announced as it changes (docs/gifts-votes-pages.md). */
export function AmountStepper({
  value,
  min,
  max,
  onChange,
  label = T.amount,
  disabled = false,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  const set = (n: number) => onChange(Math.min(max, Math.max(min, Math.trunc(n) || min)));
  return (
    <div className="stepper" role="group" aria-label={label}>
      <span className="stepper-label">{label}</span>
      <button
        type="button"
        className="stepper-button"
        aria-label={T.less}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= min}
      >
        −
      </button>
      <input
        className="stepper-value"
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(e) => set(Number(e.target.value))}
      />
      <button
        type="button"
        className="stepper-button"
        aria-label={T.more}
        onClick={() => set(value + 1)}
        disabled={disabled || value >= max}
      >
        +
      </button>
    </div>
  );
}
