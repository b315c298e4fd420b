/** The part of a pino logger an outage reports with. */
export interface OutageLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** After a failure, how long callers use their fallback before asking the dependency again. */
const RETRY_AFTER_MS = 5_000;

/**
 * A shared dependency's outage as one process sees it (Redis, say): once a call failed, `skipping`
 * holds for a few seconds, during which callers use their fallback rather than wait on a dependency
 * that has just failed; the outage's start and its end are each logged once.
 */
export class Outage {
  private down = false;
  private skipUntil = 0;

  constructor(
    private readonly messages: { started: string; ended: string },
    private readonly logger: OutageLogger,
    private readonly now: () => number = Date.now,
    private readonly retryAfterMs = RETRY_AFTER_MS,
  ) {}

  /** True while the dependency failed moments ago: use the fallback. */
  get skipping(): boolean {
    return this.now() < this.skipUntil;
  }

  failed(error: unknown): void {
    this.skipUntil = this.now() + this.retryAfterMs;
    if (this.down) return;
    this.down = true;
    this.logger.warn({ err: error }, this.messages.started);
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.info({}, this.messages.ended);
  }
}
