import { describe, expect, it } from 'vitest';
import { readEvents } from './sse.ts';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readEvents(body)) events.push(event);
  return events;
}

describe('server-sent events', () => {
  it('delivers an event only once its blank line has arrived', async () => {
    const encoder = new TextEncoder();
    const events = await collect(
      streamOf([encoder.encode('event: token\ndata: {"token":"Hi"}\n\nevent: done\ndata: {'), encoder.encode('}\n\n')]),
    );
    expect(events).toEqual([
      { event: 'token', data: '{"token":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins multi-line data, ignores comments and reads CRLF', async () => {
    const events = await collect(streamOf([new TextEncoder().encode(': keep-alive\r\n\r\ndata: a\r\ndata: b\r\n\r\n')]));
    expect(events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('reads events split anywhere across chunks, even inside a multi-byte character', async () => {
    const text = 'event: token\ndata: {"token":"Grüße"}\n\nevent: done\ndata: {"message":"Grüße"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const insideUmlaut = text.indexOf('ü') + 1;
    const events = await collect(streamOf([bytes.slice(0, 5), bytes.slice(5, insideUmlaut), bytes.slice(insideUmlaut)]));
    expect(events).toEqual([
      { event: 'token', data: '{"token":"Grüße"}' },
      { event: 'done', data: '{"message":"Grüße"}' },
    ]);
  });

  it('delivers a last event that has no blank line after it', async () => {
    const events = await collect(streamOf([new TextEncoder().encode('event: done\ndata: {}')]));
    expect(events).toEqual([{ event: 'done', data: '{}' }]);
  });
});
