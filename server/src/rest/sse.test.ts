import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.ts';
import { EventStream } from './sse.ts';

/** A reply whose raw response records what is written to it, call by call. */
function recordingReply() {
  const writes: string[] = [];
  const raw = {
    headers: null as Record<string, string> | null,
    ended: false,
    writeHead(_status: number, headers: Record<string, string>) {
      raw.headers = headers;
    },
    write(text: string) {
      writes.push(text);
      return true;
    },
    end() {
      raw.ended = true;
    },
  };
  const reply = { raw, hijack() {}, getHeaders: () => ({}) } as unknown as FastifyReply;
  const request = { log: { error() {} } } as unknown as FastifyRequest;
  return { writes, raw, reply, request };
}

const tokenEvent = (token: string) => `event: token\ndata: ${JSON.stringify({ token })}\n\n`;
const nextMicrotask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('EventStream', () => {
  it('writes the tokens of one tick at once, and each later tick on its own, before the last event', async () => {
    const { writes, raw, reply, request } = recordingReply();
    const stream = new EventStream(request, reply);
    stream.token('Orders ');
    stream.token('ship ');
    stream.token('from Lyon.');
    expect(writes).toEqual([]);
    await nextMicrotask();
    expect(writes).toEqual([tokenEvent('Orders ') + tokenEvent('ship ') + tokenEvent('from Lyon.')]);
    expect(raw.headers).toMatchObject({ 'content-type': 'text/event-stream; charset=utf-8' });

    stream.token(' [1]');
    stream.done({ message_id: 'm1' });
    expect(writes.slice(1)).toEqual([tokenEvent(' [1]'), 'event: done\ndata: {"message_id":"m1"}\n\n']);
    expect(raw.ended).toBe(true);
  });

  it('ends with an error event once a token is out, and leaves a failure before any to the caller', async () => {
    const before = recordingReply();
    expect(new EventStream(before.request, before.reply).fail(new NotFoundError('Bot not found', 'NOT_FOUND'))).toBe(false);
    expect(before.writes).toEqual([]);

    const after = recordingReply();
    const stream = new EventStream(after.request, after.reply);
    stream.token('Orders ');
    expect(stream.fail(new Error('the model went away'))).toBe(true);
    expect(after.writes).toEqual([
      tokenEvent('Orders '),
      'event: error\ndata: {"detail":"The answer was interrupted. Please try again.","status":500}\n\n',
    ]);
    expect(after.raw.ended).toBe(true);
  });
});
