import { ERRORS } from '@mutua/contracts/errors';

/** `inUse`: connections running a statement now (metrics); `waiting`, `oldestWaitMs`: the queue for one. */
export type DatabasePressure = { inUse: number; waiting: number; oldestWaitMs: number };

export type OverloadLimits = {
  /** Shed while the oldest operation waiting for a database connection has waited this long (ms); 0: never. */
  maxPoolWaitMs: number;
  /** Shed while the event loop lagged this much (ms) within the last second; 0: never. */
  maxEventLoopDelayMs: number;
};

/** Why an instance sheds new work now, or null. */
export type OverloadReason = 'database' | 'event-loop';

/** How often the event loop's delay is sampled, and how long a sample counts. */
const SAMPLE_EVERY_MS = 50;
const WINDOW_MS = 500;

/**
 * Tells whether this instance is overloaded: its database connections taken (queries queued behind
 * them for longer than the limit) or its event loop late (work queued behind work). Past either, a
 * new request waits longer than the member will, and adds to the queue everyone waits in: it is
 * better answered « come back in a moment » at once, before it costs anything.
 *
 * The event loop is sampled by a timer: a timer late by 300 ms means every request in that time waited
 * 300 ms more. The largest delay of the last two half-second windows counts, so that one late sample
 * keeps shedding for at most a second.
 */
export class OverloadGauge {
  private windowMax = 0;
  private previousMax = 0;
  private windowStart = performance.now();
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly pressure: () => DatabasePressure,
    private readonly limits: OverloadLimits,
  ) {
    if (!limits.maxEventLoopDelayMs) {
      this.timer = null;
      return;
    }
    let expected = performance.now() + SAMPLE_EVERY_MS;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.record(Math.max(0, now - expected), now);
      expected = now + SAMPLE_EVERY_MS;
    }, SAMPLE_EVERY_MS);
    this.timer.unref();
  }

  /** The event loop's largest delay over the last second (ms). */
  get eventLoopDelayMs(): number {
    return Math.max(this.windowMax, this.previousMax);
  }

  reason(): OverloadReason | null {
    const { maxPoolWaitMs, maxEventLoopDelayMs } = this.limits;
    if (maxPoolWaitMs && this.pressure().oldestWaitMs >= maxPoolWaitMs) return 'database';
    if (maxEventLoopDelayMs && this.eventLoopDelayMs >= maxEventLoopDelayMs) return 'event-loop';
    return null;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private record(delayMs: number, now: number): void {
    if (now - this.windowStart >= WINDOW_MS) {
      // A window that saw no sample at all (the loop blocked through it) keeps its successor's delay.
      this.previousMax = this.windowMax;
      this.windowMax = 0;
      this.windowStart = now;
    }
    this.windowMax = Math.max(this.windowMax, delayMs);
  }
}

/**
 * Errors that say « no connection to be had » rather than « something is wrong »: the pool's wait for
 * a connection timed out, a new connection did not open in time, or the server has no slot left.
 * Drizzle wraps the driver's error: the chain of causes is followed.
 */
export function isOverloadError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, code } = e as { message?: unknown; code?: unknown };
    if (code === '53300' || code === '57P03') return true; // too_many_connections, cannot_connect_now
    if (typeof message === 'string' && /^timeout exceeded when trying to connect$|^Connection terminated due to connection timeout$/.test(message)) return true;
  }
  return false;
}

/** The answer of a shed request: 503 OVERLOADED, with when to come back. */
export function overloadAnswer(retryAfterS: number) {
  return {
    headers: { 'retry-after': String(retryAfterS), 'cache-control': 'no-store' },
    body: { error: { code: 'OVERLOADED' as const, message: ERRORS.OVERLOADED.message } },
  };
}
