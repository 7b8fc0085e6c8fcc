import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after answering (e.g. the forgot-password mail, so that the answer takes the same time
 * whether or not an account matched). Errors are logged; close() waits for what is still running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = (async () => {
      // Let the answer go first.
      await new Promise((resolve) => setImmediate(resolve));
      await task();
    })()
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once every task started so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
