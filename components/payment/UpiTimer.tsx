'use client';
// spec 4: on a phone, the donor pays in their UPI app while this page waits with a UPI timer. The clock is
// for the eyes (role timer, never read out on its own); screen readers hear the time left once a minute.
import { useEffect, useState } from 'react';
import { UPI_TIMER_TICK_MS } from '@/lib/constants/giving';
import { MINUTE_MS } from '@/lib/constants/time';

interface Props {
  /** when the wait ends (epoch ms): the same moment the status polling gives up */
  deadline: number;
  durationMs: number;
  /** 'UPI timer' */
  label: string;
  /** announced each minute; holds {minutes} */
  minutesLeft: string;
}

/** mm:ss, rounded up so the clock shows 00:00 only when the time is really over. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export function UpiTimer({ deadline, durationMs, label, minutesLeft }: Props) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, deadline - now);
  const over = remaining <= 0;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(Date.now()), UPI_TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [over]);
  const minutes = Math.ceil(remaining / MINUTE_MS);
  const share = durationMs > 0 ? Math.min(100, (remaining / durationMs) * 100) : 0;
  return (
    <div className="upi-timer" data-testid="upi-timer">
      <p className="upi-timer-row">
        <span id="upi-timer-label">{label}</span>{' '}
        <span role="timer" aria-labelledby="upi-timer-label" className="upi-timer-clock" data-testid="upi-timer-clock">
          {formatCountdown(remaining)}
        </span>
      </p>
      <div className="upi-timer-bar" aria-hidden="true">
        <span style={{ inlineSize: `${share}%` }} />
      </div>
      {/* changes once a minute, so a screen reader is told the time left without a word every second */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="upi-timer-announcement">
        {minutes > 0 ? minutesLeft.replace('{minutes}', String(minutes)) : ''}
      </p>
    </div>
  );
}
