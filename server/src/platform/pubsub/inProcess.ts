import { EventEmitter, setMaxListeners } from 'node:events';
import { createSubscription, encodePayload } from './subscription.ts';
import type { PubSub, Subscription } from './types.ts';

/** The embedded default: one process, so an EventEmitter is the whole bus. */
export class InProcessPubSub implements PubSub {
  private readonly emitter = new EventEmitter();
  private readonly closing = new AbortController();

  constructor() {
    // One listener per open GraphQL subscription: the default cap of 10 would only print warnings.
    this.emitter.setMaxListeners(0);
    setMaxListeners(0, this.closing.signal);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    this.emitter.emit(eventName(topic), encodePayload(payload));
  }

  subscribe(topic: string, signal?: AbortSignal): Subscription {
    const event = eventName(topic);
    return createSubscription(
      (deliver) => {
        const onMessage = (message: string): void => deliver(JSON.parse(message));
        this.emitter.on(event, onMessage);
        return { ready: Promise.resolve(), detach: () => this.emitter.off(event, onMessage) };
      },
      [signal, this.closing.signal],
    );
  }

  async close(): Promise<void> {
    this.closing.abort();
  }
}

/** EventEmitter gives `error` (and `newListener`) special meaning; topics must never collide with them. */
function eventName(topic: string): string {
  return `topic:${topic}`;
}
