import { useSyncExternalStore } from 'react';

/** Whole seconds left until `deadline` (epoch ms), never negative; rounds up so "0" means over. */
export function secondsUntil(deadline: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `125` → `2 min 05 s`: the code countdown in minutes and seconds. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Four reads a second: the display never lags a second behind; components re-render only on change. */
function subscribeToClock(onChange: () => void): () => void {
  const timer = setInterval(onChange, 250);
  return () => clearInterval(timer);
}

/** Seconds left until `deadline`, re-rendering each time the count changes. */
export function useSecondsLeft(deadline: number): number {
  return useSyncExternalStore(subscribeToClock, () => secondsUntil(deadline));
}
