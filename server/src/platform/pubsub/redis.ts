import { setMaxListeners } from 'node:events';
import { Redis } from 'ioredis';
import { createSubscription, encodePayload } from './subscription.ts';
import type { PubSub, Subscription } from './types.ts';

export interface RedisPubSubOptions {
  url: string;
  /** Prepended to every topic, e.g. `chatbot:`; tests use a unique one. */
  prefix?: string;
}

interface Channel {
  deliveries: Set<(payload: unknown) => void>;
  subscribed: Promise<void>;
}

/**
 * Fan-out across API replicas. One connection publishes; one connection (in Redis subscriber
 * mode) holds a single SUBSCRIBE per topic however many local subscribers share it.
 */
export class RedisPubSub implements PubSub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly channels = new Map<string, Channel>();
  private readonly closing = new AbortController();

  constructor(options: RedisPubSubOptions) {
    this.prefix = options.prefix ?? '';
    this.publisher = new Redis(options.url);
    this.subscriber = new Redis(options.url);
    this.subscriber.on('message', (channel: string, message: string) => {
      const deliveries = this.channels.get(channel)?.deliveries;
      if (!deliveries) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return; // not published by this class: nobody here could make sense of it
      }
      for (const deliver of deliveries) deliver(payload);
    });
    setMaxListeners(0, this.closing.signal);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + topic, encodePayload(payload));
  }

  subscribe(topic: string, signal?: AbortSignal): Subscription {
    const name = this.prefix + topic;
    return createSubscription(
      (deliver) => {
        const channel = this.channels.get(name) ?? this.openChannel(name);
        channel.deliveries.add(deliver);
        return { ready: channel.subscribed, detach: () => this.leaveChannel(name, channel, deliver) };
      },
      [signal, this.closing.signal],
    );
  }

  private openChannel(name: string): Channel {
    const channel: Channel = { deliveries: new Set(), subscribed: Promise.resolve() };
    channel.subscribed = this.subscriber.subscribe(name).then(
      () => undefined,
      (error: unknown) => {
        // Forget the failed channel so that the next subscriber tries again.
        if (this.channels.get(name) === channel) this.channels.delete(name);
        throw error;
      },
    );
    this.channels.set(name, channel);
    return channel;
  }

  private leaveChannel(name: string, channel: Channel, deliver: (payload: unknown) => void): void {
    channel.deliveries.delete(deliver);
    if (channel.deliveries.size > 0 || this.channels.get(name) !== channel) return;
    this.channels.delete(name);
    // Commands on one connection run in order, so a later SUBSCRIBE to this topic still wins.
    this.subscriber.unsubscribe(name).catch(() => {});
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    await Promise.all([this.publisher.quit(), this.subscriber.quit()]);
  }
}
