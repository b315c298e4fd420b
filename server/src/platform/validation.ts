import type { z } from 'zod';
import { ValidationError } from '../errors.ts';

/** Validates raw input (from GraphQL or REST alike) against the operation's zod schema. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // Schemas word their messages for people ("Email is required"), so the first one is shown as is.
  const message = issues[0]?.message ?? 'Invalid input';
  throw new ValidationError(message, issues);
}

const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or invalid Unicode.';

// A NUL, or a UTF-16 surrogate without its pair: PostgreSQL cannot store either, and neither is text anyone typed.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (key or value) in `value` that holds a NUL or broken Unicode, or
 * null when all text is sound. Walks with its own stack: request bodies can nest deeper than the call stack.
 */
export function findUnsafeText(value: unknown, root = 'body'): string | null {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (UNSAFE_TEXT.test(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}.${key}`;
        if (UNSAFE_TEXT.test(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Refuses input holding text that could never be stored or shown (see `findUnsafeText`). */
export function assertSafeText(value: unknown, root: string): void {
  const path = findUnsafeText(value, root);
  if (path !== null) throw new ValidationError(UNSAFE_TEXT_MESSAGE, [{ path, message: UNSAFE_TEXT_MESSAGE }], 'UNSAFE_TEXT');
}
