import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './errors.ts';
import '../domains/admin/schema.ts';
import '../domains/auth/schema.ts';
import '../domains/billing/schema.ts';
import '../domains/bots/schema.ts';
import '../domains/chat/schema.ts';
import '../domains/dashboard/schema.ts';
import '../domains/demo/schema.ts';
import '../domains/events/schema.ts';
import '../domains/knowledge/schema.ts';
import '../domains/knowledge/crawling/crawlSchema.ts';
import '../domains/knowledge/qa/schema.ts';
import '../domains/inbox/schema.ts';
import '../domains/inbox/handoffSchema.ts';
import '../domains/integrations/dataTool/dataToolSchema.ts';
import '../domains/integrations/google/googleSchema.ts';
import '../domains/whatsapp/schema.ts';

export const schema = builder.toSchema();

/** The SDL committed as /schema.graphql (sorted so that diffs only show real changes). */
export function printSortedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
