import type { Prisma, PrismaClient, SystemEvent } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { PubSub } from '../../platform/pubsub/index.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';

export const EVENT_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

const SYSTEM_EVENTS_TOPIC = 'system-events';

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

/** The platform's audit trail: stored for the admin log and published to live subscribers. */
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
}
