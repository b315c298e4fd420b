import { createHash } from 'node:crypto';

/**
 * Names for the statements Prisma sends often, so that each pooled connection prepares them once:
 * PostgreSQL then parses and analyses such a statement once per connection rather than on every run
 * (and may keep its plan), and the driver sends a Bind instead of the whole text. A statement is
 * named from its third run on; at most `maxNamed` statements are named per process, so one-off
 * texts (an IN list of each length, a report's filters) never fill the database's sessions with
 * prepared statements nobody runs again.
 */
export interface StatementNamerOptions {
  /** Runs of the same text before it is named. Default 3. */
  namedAfter?: number;
  /** At most this many names. Default 300. */
  maxNamed?: number;
  /** Distinct texts counted before the counts start over. Default 5,000. */
  maxCounted?: number;
}

export function statementNamer(options: StatementNamerOptions = {}): (query: { sql: string }) => string | undefined {
  const namedAfter = options.namedAfter ?? 3;
  const maxNamed = options.maxNamed ?? 300;
  const maxCounted = options.maxCounted ?? 5_000;
  const names = new Map<string, string>();
  let counts = new Map<string, number>();
  return ({ sql }) => {
    const name = names.get(sql);
    if (name !== undefined) return name;
    if (names.size >= maxNamed) return undefined;
    const runs = (counts.get(sql) ?? 0) + 1;
    if (runs < namedAfter) {
      if (counts.size >= maxCounted) counts = new Map();
      counts.set(sql, runs);
      return undefined;
    }
    counts.delete(sql);
    // From the text: a connection never sees one name for two texts, even from two clients (PGlite's
    // connections share one session, see pgliteServer.ts).
    const named = `prisma_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, named);
    return named;
  };
}
