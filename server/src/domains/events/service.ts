import { z } from 'zod';
import type { Prisma, PrismaClient, SystemEvent } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { csvDocument } from '../../platform/csv/index.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';
import { dateFilter, searchFilter, type Page } from '../../platform/paging.ts';
import type { PubSub } from '../../platform/pubsub/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { assertAdmin, type Viewer } from '../auth/public.ts';

export const EVENT_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

const SYSTEM_EVENTS_TOPIC = 'system-events';
const EVENTS_EXPORT_LIMIT = 50_000;

const LEVEL_KEYWORDS: [EventLevel, string[]][] = [
  ['error', ['failed', 'error']],
  ['warning', ['pending', 'rate limit', 'warning']],
  ['success', ['paid', 'processed', 'created', 'linked', 'crawled']],
];

/** The spec derives an event's level from its text, first match wins in this order. */
export function eventLevel(event: string): EventLevel {
  const text = event.toLowerCase();
  for (const [level, keywords] of LEVEL_KEYWORDS) {
    if (keywords.some((keyword) => text.includes(keyword))) return level;
  }
  return 'info';
}

const mentionsAny = (keywords: string[]): Prisma.SystemEventWhereInput[] =>
  keywords.map((keyword) => ({ event: { contains: keyword, mode: 'insensitive' } }));

/** The events `eventLevel` would give `level`, as a where clause: the same keywords, the same precedence. */
export function eventLevelWhere(level: EventLevel): Prisma.SystemEventWhereInput {
  const index = LEVEL_KEYWORDS.findIndex(([candidate]) => candidate === level);
  const earlier = (index === -1 ? LEVEL_KEYWORDS : LEVEL_KEYWORDS.slice(0, index)).flatMap(([, keywords]) => keywords);
  const excluded: Prisma.SystemEventWhereInput = { NOT: { OR: mentionsAny(earlier) } };
  if (index === -1) return excluded;
  return { AND: [{ OR: mentionsAny(LEVEL_KEYWORDS[index]![1]) }, ...(earlier.length > 0 ? [excluded] : [])] };
}

/** What an event is about: the admin log's filter and column (the client names each in its language). */
export const EVENT_CATEGORIES = ['auth', 'billing', 'admin', 'security', 'knowledge', 'crawls', 'integrations', 'whatsapp'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

const eventFilter = z
  .object({
    level: z.enum(EVENT_LEVELS, { error: `level must be one of: ${EVENT_LEVELS.join(', ')}` }).optional(),
    category: z.string().trim().max(50, { error: 'category must be at most 50 characters' }).optional(),
    search: searchFilter,
    from: dateFilter('from'),
    to: dateFilter('to'),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { error: 'from must be before to', path: ['from'] });

export interface NewSystemEvent {
  event: string;
  category: EventCategory;
  details?: string;
  userId?: string | null;
}

/** What a domain needs to write to the audit trail. */
export interface EventRecorder {
  record(input: NewSystemEvent): Promise<unknown>;
}

/** The platform's audit trail: stored for the admin's log (read here, by the admin only) and published to live subscribers. */
export class EventsService {
  constructor(private readonly deps: { prisma: PrismaClient; pubsub: PubSub; clock: Clock; changes?: DataChanges }) {}

  async record(input: NewSystemEvent): Promise<SystemEvent> {
    const stored = await this.deps.prisma.systemEvent.create({
      data: {
        event: input.event,
        category: input.category,
        details: input.details ?? '',
        userId: input.userId ?? null,
        timestamp: this.deps.clock.now(),
      },
    });
    // What is worth an event about a customer (paid, linked, verified...) changed what they read.
    await this.deps.changes?.customersChanged([stored.userId]);
    await this.deps.pubsub.publish(SYSTEM_EVENTS_TOPIC, stored);
    return stored;
  }

  subscribe(signal?: AbortSignal): AsyncIterable<SystemEvent> {
    return this.deps.pubsub.subscribe(SYSTEM_EVENTS_TOPIC, signal) as AsyncIterable<SystemEvent>;
  }

  /** The admin's log, filtered, newest first. */
  async log(viewer: Viewer | null, rawFilter: unknown, page: Page): Promise<{ rows: SystemEvent[]; total: number }> {
    const where = this.logWhere(viewer, rawFilter);
    const [total, rows] = await Promise.all([
      this.deps.prisma.systemEvent.count({ where }),
      this.deps.prisma.systemEvent.findMany({
        where,
        orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
        skip: page.offset,
        take: page.limit,
      }),
    ]);
    return { rows, total };
  }

  /** Every category in the log, for its filter. */
  async categories(viewer: Viewer | null): Promise<string[]> {
    assertAdmin(viewer);
    const rows = await this.deps.prisma.systemEvent.findMany({
      distinct: ['category'],
      select: { category: true },
      orderBy: { category: 'asc' },
    });
    return rows.map((row) => row.category);
  }

  /** system-events.csv: the spec's columns, newest first, at most 50,000 rows. */
  async logCsv(viewer: Viewer | null, rawFilter: unknown): Promise<string> {
    const { rows: events } = await this.log(viewer, rawFilter, { offset: 0, limit: EVENTS_EXPORT_LIMIT });
    return csvDocument(
      ['timestamp', 'level', 'category', 'event', 'details'],
      events.map((event) => [event.timestamp.toISOString(), eventLevel(event.event), event.category, event.event, event.details]),
    );
  }

  private logWhere(viewer: Viewer | null, rawFilter: unknown): Prisma.SystemEventWhereInput {
    assertAdmin(viewer);
    const filter = parseInput(eventFilter, rawFilter ?? {});
    const conditions: Prisma.SystemEventWhereInput[] = [];
    if (filter.level) conditions.push(eventLevelWhere(filter.level));
    if (filter.category) conditions.push({ category: filter.category });
    if (filter.search) {
      const contains = { contains: filter.search, mode: 'insensitive' } as const;
      conditions.push({ OR: [{ event: contains }, { details: contains }, { category: contains }] });
    }
    if (filter.from || filter.to) {
      conditions.push({ timestamp: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } });
    }
    return { AND: conditions };
  }
}
