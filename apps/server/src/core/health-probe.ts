import type { ServiceStatus } from '@mutua/contracts/platform';

const CACHE_MS = 1_000;
const PING_TIMEOUT_MS = 2_000;

/**
 * Answers UP when the database answered a ping within 2 s. Under load, pings are shared: one in flight
 * at a time and a result reused for a second, so heartbeats cannot pile up on the database.
 */
export class HealthProbe {
  private last: { status: ServiceStatus; at: number } | null = null;
  private inFlight: Promise<ServiceStatus> | null = null;
  constructor(private readonly ping: () => Promise<void>) {}

  async status(): Promise<ServiceStatus> {
    if (this.last && Date.now() - this.last.at < CACHE_MS) return this.last.status;
    this.inFlight ??= this.check().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async check(): Promise<ServiceStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
    });
    let status: ServiceStatus;
    try {
      await Promise.race([this.ping(), timeout]);
      status = 'UP';
    } catch {
      status = 'DOWN';
    } finally {
      clearTimeout(timer);
    }
    this.last = { status, at: Date.now() };
    return status;
  }
}
