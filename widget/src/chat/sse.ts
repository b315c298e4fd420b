import { createParser } from 'eventsource-parser';

/** Server-sent events read from a fetch body (EventSource cannot POST). */
export interface ServerSentEvent {
  event: string;
  data: string;
}

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const arrived: ServerSentEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => arrived.push({ event: event ?? 'message', data }) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // A blank line at the end delivers a last event the server did not close with one.
      parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
      yield* arrived.splice(0);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
