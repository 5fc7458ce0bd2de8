'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { MinorsStatusDto } from '@/lib/shared/minors-mode';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import { setMinorsLimit, turnMinorsOff, turnMinorsOn } from '@/lib/client/minors/minors-api';
import { toast } from '@/lib/client/stores/toast-store';

type Form = 'on' | 'off' | 'limit' | null;

const pinInput = (value: string, set: (v: string) => void, label: string, name: string) => (
  <label className="field">
    <span>{label}</span>
    <input
      name={name}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      pattern="\d{4}"
      maxLength={4}
      required
      value={value}
      onChange={(e) => set(e.target.value.replace(/\D/g, '').slice(0, 4))}
    />
  </label>
);

/**
 * 青少年模式 on 我的 (docs/minors-mode.md "Switching it on and off"): the state and today's use, on with a new
 * 4-digit password, off or a shorter daily limit with it. A minor by age sees why it cannot be switched off.
 */
export function MinorsModeCard({ initial }: { initial: MinorsStatusDto }) {
  const router = useRouter();
  const [status, setStatus] = useState(initial);
  const [form, setForm] = useState<Form>(null);
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [minutes, setMinutes] = useState(String(initial.daily_minutes || initial.max_minutes));

  const open = (f: Form) => {
    setForm(f);
    setPin('');
    setConfirm('');
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    const call = form === 'on' ? turnMinorsOn(pin, confirm) : form === 'off' ? turnMinorsOff(pin) : setMinorsLimit(pin, Number(minutes));
    const next = await call.catch(() => null);
    if (!next) return;
    toast(form === 'on' ? T.turnedOn : form === 'off' ? T.turnedOff : T.limitSaved);
    setStatus(next);
    open(null);
    // The answer set or cleared the mode's hint cookie: pages kept by the router were chosen without it, so drop
    // them and the next page is the member's catalogue (docs/minors-mode.md "Only suitable novels").
    if (next.on !== status.on) router.refresh();
  }

  return (
    <section className="card" id="minors-mode" aria-labelledby="minors-mode-title" data-testid="minors-mode-card">
      <h2 className="card-title" id="minors-mode-title">
        {T.title}
        <span className="muted small"> · {status.on ? T.on : T.off}</span>
      </h2>
      <p className="muted small">{status.by_age ? T.byAge : T.intro}</p>
      {status.on ? <p className="small">{T.usedToday(Math.floor(status.used_seconds / 60), status.daily_minutes)}</p> : null}
      {form ? (
        <form className="form" onSubmit={submit}>
          {pinInput(pin, setPin, T.pin, 'pin')}
          {form === 'on' ? pinInput(confirm, setConfirm, T.pinConfirm, 'pin_confirm') : null}
          {form === 'limit' ? (
            <label className="field">
              <span>{T.minutes}</span>
              <input
                type="number"
                inputMode="numeric"
                min={10}
                max={status.max_minutes}
                required
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
              />
            </label>
          ) : null}
          {form === 'on' ? <p className="muted small">{T.pinHint}</p> : null}
          <button type="submit" className="button button-primary button-block">
            {form === 'on' ? T.turnOn : form === 'off' ? T.turnOff : T.changeLimit}
          </button>
        </form>
      ) : (
        <div className="minors-mode-actions">
          {!status.on || !status.has_pin ? (
            <button type="button" className="button button-primary button-block" onClick={() => open('on')}>
              {T.turnOn}
            </button>
          ) : null}
          {status.on && status.has_pin ? (
            <button type="button" className="button button-block" onClick={() => open('limit')}>
              {T.changeLimit}
            </button>
          ) : null}
          {status.on && status.has_pin && !status.by_age ? (
            <button type="button" className="button button-block" onClick={() => open('off')}>
              {T.turnOff}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
