import type { InputHTMLAttributes } from 'react';

/** A labelled whole-number field of a console form: digits keyboard on a phone, whole steps, at least `min` (0). */
export function CountField({
  label,
  min = 0,
  ...input
}: { label: string; name: string; max: number; min?: number } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min'>) {
  return (
    <label>
      {label}
      <input type="number" inputMode="numeric" min={min} step={1} {...input} />
    </label>
  );
}
