import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a chat answer spends its time on, in the order it happens (see ChatService). */
export const ANSWER_STAGES = ['read', 'retrieval', 'answer', 'write'] as const;
export type AnswerStage = (typeof ANSWER_STAGES)[number];

/**
 * The server's Prometheus metrics: process defaults, request durations, the stages of chat answers
 * and how many retrievals were answered from the retrieval cache.
 */
export interface Metrics {
  registry: Registry;
  answerStages: Histogram<'channel' | 'stage'>;
  retrievalCacheLookups: Counter<'result'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    answerStages: new Histogram({
      name: 'chat_answer_stage_seconds',
      help:
        'Wall time of each stage of a chat answer: read (bot, conversation, billing), retrieval, answer (until its last token), ' +
        'write (the stored exchange and its charge), waits for a shared statement included',
      labelNames: ['channel', 'stage'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    retrievalCacheLookups: new Counter({
      name: 'retrieval_cache_lookups_total',
      help: 'Retrievals looked up in the retrieval cache: hit (answered from it) or miss (searched)',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}

/** /metrics, and the request durations by route and status. */
export function registerMetrics(app: FastifyInstance, { registry }: Metrics): void {
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
}
