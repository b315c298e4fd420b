import { z } from 'zod';
import { parseInput } from './validation.ts';

/** An offset page of a list: what a REST page number or a GraphQL connection's cursor comes down to. */
export interface Page {
  limit: number;
  offset: number;
}

const restPage = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).default(1),
  pageSize: z.coerce
    .number({ error: 'page_size must be a number' })
    .int()
    .min(1, { error: 'page_size must be between 1 and 100' })
    .max(100, { error: 'page_size must be between 1 and 100' })
    .default(20),
});

/** A REST query's `page`/`page_size` (1-based, 20 by default, at most 100) as an offset page. */
export function pageFromQuery(rawQuery: unknown): Page & { page: number; pageSize: number } {
  const { page, page_size } = (rawQuery ?? {}) as { page?: unknown; page_size?: unknown };
  const { page: number, pageSize } = parseInput(restPage, { page, pageSize: page_size });
  return { page: number, pageSize, limit: pageSize, offset: (number - 1) * pageSize };
}

/** A list's free-text search: trimmed, bounded so that it cannot become an expensive scan pattern. */
export const searchFilter = z.string().trim().max(200, { error: 'search must be at most 200 characters' }).optional();

/** An optional bound of a date range, as a Date (GraphQL) or an ISO 8601 string (REST). */
export const dateFilter = (name: string) =>
  z
    .union([z.date(), z.string().trim().min(1)], { error: `${name} must be a date (ISO 8601)` })
    .transform((value, ctx) => {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a date (ISO 8601)` });
        return z.NEVER;
      }
      return date;
    })
    .optional();
