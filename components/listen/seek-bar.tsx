'use client';

import { useState, type CSSProperties } from 'react';
import { formatClock } from '@/lib/client/listen/format-clock';

/**
 * The seek bar: played and buffered ranges, the position and the duration. Dragging moves the thumb only;
 * the seek happens on release (pointer, touch or key), so the audio does not stutter through every step.
 */
export function SeekBar({
  currentTime,
  duration,
  buffered,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  buffered: number;
  onSeek: (seconds: number) => void;
}) {
  const [drag, setDrag] = useState<number | null>(null);
  const shown = drag ?? currentTime;
  const max = duration > 0 ? duration : 0;
  const pct = (v: number) => (max > 0 ? `${Math.min(100, (v / max) * 100)}%` : '0%');
  const commit = () => {
    if (drag === null) return;
    onSeek(drag);
    setDrag(null);
  };
  return (
    <div className="seek">
      <input
        type="range"
        className="seek-range"
        min={0}
        max={max}
        step={1}
        value={Math.min(shown, max)}
        disabled={max === 0}
        aria-label="播放进度"
        aria-valuetext={`${formatClock(shown)} / ${formatClock(max)}`}
        style={{ '--played': pct(shown), '--buffered': pct(Math.max(buffered, shown)) } as CSSProperties}
        onChange={(e) => setDrag(Number(e.target.value))}
        onPointerUp={commit}
        onTouchEnd={commit}
        onKeyUp={commit}
        onBlur={commit}
      />
      <div className="seek-times" aria-hidden="true">
        <span>{formatClock(shown)}</span>
        <span>{formatClock(max)}</span>
      </div>
    </div>
  );
}
