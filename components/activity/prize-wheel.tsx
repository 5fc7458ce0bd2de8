'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect, useRef, useState } from 'react';
import type { WheelDto } from '@/lib/shared/dto/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { drawOnce } from '@/lib/client/activity';
import { useWheel } from '@/lib/client/swr/use-activity';
import { useHydrated } from '@/lib/client/use-hydrated';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { stopAngle, wheelGradient } from './wheel-geometry';

/** How long a spin takes; the spin-win modal opens when it stops. */
export const SPIN_MS = 4200;
const SPIN_TURNS = 6;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The prize wheel (docs/activity-pages.md "Prize wheel"): the slots drawn with CSS (a conic gradient and rotated
 * labels), the member's chances, 立即抽奖, the published odds (概率公示) and the rules. A draw asks the server
 * first and then turns the wheel to the slot it answered; with reduced motion the wheel jumps there. The result
 * opens the spin-win modal. Signed out, the button is the sign-in link that comes back here (`loginUrl`).
 */
export function PrizeWheel({ memberKey, loginUrl, initial }: { memberKey: string | null; loginUrl: string; initial?: WheelDto }) {
  const { data, error, mutate } = useWheel(memberKey ?? 'guest', initial);
  const hydrated = useHydrated();
  const [angle, setAngle] = useState(0);
  const [instant, setInstant] = useState(false);
  const [busy, setBusy] = useState(false);
  const angleRef = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const prizes = data?.prizes ?? [];
  const chances = data?.chances ?? 0;

  const spin = async () => {
    if (busy || !data || prizes.length === 0) return;
    setBusy(true);
    try {
      const r = await drawOnce();
      const index = Math.max(
        0,
        prizes.findIndex((p) => p.id === r.prize_id),
      );
      const reduced = prefersReducedMotion();
      const next = stopAngle(angleRef.current, index, prizes.length, reduced ? 0 : SPIN_TURNS);
      angleRef.current = next;
      setInstant(reduced);
      setAngle(next);
      void mutate({ ...data, chances: r.chances }, { revalidate: false });
      const finish = () => {
        setBusy(false);
        useModalStore
          .getState()
          .open('spin-win', { record: r.record, chances: r.chances, onAgain: r.chances > 0 ? () => void spinRef.current() : undefined });
      };
      if (reduced) finish();
      else timer.current = setTimeout(finish, SPIN_MS);
    } catch {
      // The error catalogue has shown the server's reason (no chances left, sign in again).
      setBusy(false);
      void mutate();
    }
  };
  const spinRef = useRef(spin);
  useEffect(() => {
    spinRef.current = spin;
  });

  const slot = prizes.length ? 360 / prizes.length : 0;
  const signedIn = memberKey !== null;

  return (
    <div className="a-wheel-page">
      <p className="a-chances" data-testid="wheel-chances" aria-live="polite">
        {signedIn ? (data ? T.chances(chances) : T.loading) : T.signInToDraw}
      </p>
      <div className="a-wheel-frame">
        <span className="a-wheel-pointer" aria-hidden="true" />
        {/* The rim clips the turning disc: a rotated square's corners would otherwise widen the page. */}
        <div className="a-wheel" role="img" aria-label={prizes.length ? `转盘：${prizes.map((p) => p.name).join('、')}` : T.wheelTitle}>
          <div
            className={instant ? 'a-wheel-disc a-wheel-instant' : 'a-wheel-disc'}
            data-testid="wheel"
            data-angle={angle}
            style={{ transform: `rotate(${angle}deg)`, background: prizes.length ? wheelGradient(prizes.length) : undefined }}
          >
            {prizes.map((p, i) => (
              <span key={p.id} className="a-wheel-label" style={{ transform: `rotate(${(i + 0.5) * slot}deg)` }}>
                <span>{p.name}</span>
              </span>
            ))}
          </div>
        </div>
        <div className="a-wheel-hub">
          {signedIn ? (
            <button
              type="button"
              className="a-wheel-go"
              onClick={() => void spin()}
              disabled={!hydrated || busy || !data || chances < 1}
              aria-busy={busy}
            >
              {busy ? T.drawing : T.draw}
            </button>
          ) : (
            <a href={loginUrl} className="a-wheel-go">
              {T.draw}
            </a>
          )}
        </div>
      </div>
      <p className="a-wheel-under">
        {signedIn && data && chances < 1 && !busy ? (
          <Link href="/m/events" className="link-button">
            {T.noChances} · {T.earnChances} ›
          </Link>
        ) : error && !data ? (
          <button type="button" className="link-button" onClick={() => void mutate()}>
            {T.loadFailed} · {T.retry}
          </button>
        ) : null}
      </p>
      <section className="a-card" aria-labelledby="a-odds-title">
        <h2 className="a-card-title" id="a-odds-title">
          {T.oddsTitle}
        </h2>
        <table className="a-odds">
          <thead>
            <tr>
              <th scope="col">{T.oddsPrize}</th>
              <th scope="col">{T.oddsValue}</th>
            </tr>
          </thead>
          <tbody>
            {data
              ? prizes.map((p) => (
                  <tr key={p.id}>
                    <td>{p.name}</td>
                    <td data-testid={`odds-${p.id}`}>{p.odds.toFixed(2)}%</td>
                  </tr>
                ))
              : [0, 1, 2, 3, 4, 5, 6].map((i) => (
                  <tr key={i} aria-hidden="true">
                    <td>&nbsp;</td>
                    <td>&nbsp;</td>
                  </tr>
                ))}
          </tbody>
        </table>
      </section>
      {data?.rules.length ? (
        <section className="a-card" aria-labelledby="a-rules-title">
          <h2 className="a-card-title" id="a-rules-title">
            {T.rulesTitle}
          </h2>
          <ol className="a-rules">
            {data.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
