/**
 * What the loader (on the customer's page) and the chat app (in the iframe) say to each other.
 * Both sides only accept a message from the one window and origin they expect.
 */
export const CHANNEL = 'chatbot-widget';

export type HostToChatMessage = { type: 'open' } | ({ type: 'identify' } & Identity);
export type ChatToHostMessage = { type: 'ready' } | { type: 'close' } | { type: 'reply' };

export interface Identity {
  name?: string;
  email?: string;
}

/** The iframe learns its host's origin and the visitor's identity from the URL fragment, which never reaches a server. */
export interface FrameContext {
  hostOrigin: string | null;
  identity: Identity;
  /** The host page's address, which the owner's inbox shows beside the conversation. */
  page: string | null;
}

export function frameFragment(context: FrameContext): string {
  const fields = new URLSearchParams();
  if (context.hostOrigin) fields.set('host', context.hostOrigin);
  if (context.identity.name) fields.set('name', context.identity.name);
  if (context.identity.email) fields.set('email', context.identity.email);
  if (context.page) fields.set('page', context.page);
  return fields.toString();
}

export function readFrameFragment(hash: string): FrameContext {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    hostOrigin: fields.get('host'),
    identity: { name: fields.get('name') ?? undefined, email: fields.get('email') ?? undefined },
    page: fields.get('page'),
  };
}

export function envelope<T extends { type: string }>(message: T): T & { channel: typeof CHANNEL } {
  return { ...message, channel: CHANNEL };
}

/** The message carried by `event`, or null unless it comes from `expectedSource` at `expectedOrigin`. */
export function messageFrom<T extends { type: string }>(
  event: MessageEvent,
  expectedOrigin: string | null,
  expectedSource: MessageEventSource | null | undefined,
): T | null {
  if (!expectedOrigin || !expectedSource || event.origin !== expectedOrigin || event.source !== expectedSource) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const candidate = data as { channel?: unknown; type?: unknown };
  return candidate.channel === CHANNEL && typeof candidate.type === 'string' ? (data as T) : null;
}
