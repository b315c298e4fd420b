import type { z } from 'zod';
import { ValidationError } from './errors.ts';

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
