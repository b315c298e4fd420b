/**
 * A write refused by a unique constraint: Prisma's P2002 on every driver adapter (their `meta`
 * differs), or, from a raw statement (P2010), the adapter's cause: its kind, or SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, meta } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
  };
  if (code === 'P2002') return true;
  const cause = meta?.driverAdapterError?.cause;
  return cause?.kind === 'UniqueConstraintViolation' || cause?.originalCode === '23505';
}

/** SQLSTATE codes of a connection that is gone or refused: class 08, the server shutting down or starting, too many clients. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
/** Driver adapter error kinds of the same (the adapter's reading of the driver's error). */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma's own codes: cannot reach, timed out, connection closed, no pooled connection in time. */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** Node's socket errors, as the pg driver passes them on. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * The database cannot answer right now (down, restarting, its connections cut), as opposed to a
 * query that is wrong: the request may be tried again, and the pool reconnects by itself. Reads
 * Prisma's error, the driver adapter's cause inside it, and the driver's own error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, kind, originalCode, message, meta, cause } = current as {
      code?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      message?: unknown;
      meta?: { driverAdapterError?: { cause?: unknown } };
      cause?: unknown;
    };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_PRISMA_CODES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))
    ) {
      return true;
    }
    if (typeof kind === 'string' && UNAVAILABLE_KINDS.has(kind)) return true;
    if (typeof originalCode === 'string' && UNAVAILABLE_SQLSTATES.test(originalCode)) return true;
    if (typeof message === 'string' && /Connection terminated/i.test(message)) return true;
    current = meta?.driverAdapterError?.cause ?? cause;
  }
  return false;
}
