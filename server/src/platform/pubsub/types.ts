export interface Subscription extends AsyncIterableIterator<unknown> {
  /** Resolves once messages published from now on will be delivered (Redis subscribes asynchronously). */
  readonly ready: Promise<void>;
}

/**
 * Fire-and-forget fan-out of JSON-serialisable payloads to whoever is subscribed right now
 * (GraphQL subscriptions). Nothing is stored for later subscribers.
 */
export interface PubSub {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Ends when `return()` is called, when `signal` aborts, or when the PubSub is closed. */
  subscribe(topic: string, signal?: AbortSignal): Subscription;
  close(): Promise<void>;
}
