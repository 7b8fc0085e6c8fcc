import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (epoch ms), never negative; rounds up so "0" means over. */
export function secondsUntil(deadline: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `125` → `2 min 05 s`: the code countdown in minutes and seconds (portal-access.md §9). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Seconds left until `deadline`, re-rendering every second while some are left. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(deadline, now);
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsUntil(deadline, current) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}
