import type { Logger } from 'pino';

const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Stops the process on SIGTERM or SIGINT: `close` has `graceMs` to let running work finish (open
 * answers, a job), then the process exits anyway, so a dependency that no longer answers (Redis
 * away, say) cannot keep a stopped process alive.
 */
export function exitOnSignals(logger: Logger, close: () => Promise<void>, graceMs = SHUTDOWN_GRACE_MS): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, graceMs);
    forced.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
