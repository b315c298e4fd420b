import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer, type TestAccount } from '../../test/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { botWithKnowledge } from '../../test/knowledge.ts';

let server: TestServer;
let customer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  customer = await demoCustomer(server);
});

afterAll(async () => {
  await server?.close();
});

/** A raw request, so the test controls every byte of the path, headers and body. */
async function raw(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${customer.accessToken}`, ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

function expectDetail(response: { status: number; contentType: string; text: string }, status: number, detail?: RegExp | string) {
  expect(response.status, response.text).toBe(status);
  expect(response.contentType).toMatch(/^application\/json/);
  const body = JSON.parse(response.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  if (detail) expect(body.detail).toMatch(detail);
}

describe('the REST error contract: every error is {"detail": string}', () => {
  it('answers a 513-character id with a 4xx detail, never the framework body', async () => {
    expectDetail(await raw(`/api/v1/bots/${'a'.repeat(513)}`), 414, /too long/i);
    expectDetail(await raw(`/api/v1/public/bots/settings/${'b'.repeat(513)}`), 414, /too long/i);
  });

  it('answers unknown routes and methods with 404 detail', async () => {
    expectDetail(await raw('/api/v1/no-such-route'), 404, 'Not Found');
    expectDetail(await raw('/api/v1/bots', { method: 'PATCH' }), 404, 'Not Found');
  });

  it('answers a body over the limit with 413 detail', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    expectDetail(
      await raw('/api/v1/bots/save', { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
      413,
      /too large/i,
    );
  });

  it('answers an unsupported content type with 415 detail', async () => {
    expectDetail(await raw('/api/v1/bots/save', { method: 'POST', body: '<bot/>', headers: { 'content-type': 'application/xml' } }), 415);
  });

  it('answers malformed JSON, an empty JSON body and a wrong-type body with 400 detail', async () => {
    const json = { 'content-type': 'application/json' };
    expectDetail(await raw('/api/v1/users/login', { method: 'POST', body: '{"email":', headers: json }), 400, /not valid JSON/);
    expectDetail(await raw('/api/v1/users/login', { method: 'POST', body: '', headers: json }), 400);
    expectDetail(await raw('/api/v1/users/login', { method: 'POST', body: '[1,2,3]', headers: json }), 400);
    expectDetail(await raw('/api/v1/users/login', { method: 'POST', body: '"just a string"', headers: json }), 400);
    expectDetail(await raw('/api/v1/users/login', { method: 'POST', body: '{"email":5,"password":{}}', headers: json }), 400);
  });

  it('answers NUL bytes and broken Unicode in a query, a path, a body or a file name with 400, never 500', async () => {
    const { id: botId } = await botWithKnowledge(server, customer.accessToken, 'The shop opens at 9.');
    expectDetail(await raw(`/api/v1/bots/${botId}/rag-chat?query=%00`, { method: 'POST' }), 400, /NUL|invalid/i);
    expectDetail(await raw(`/api/v1/bots/${botId}/rag-chat?query=hello%00world`, { method: 'POST' }), 400);
    expectDetail(await raw(`/api/v1/bots/abc%00def`), 400);
    const json = { 'content-type': 'application/json' };
    expectDetail(await raw(`/api/v1/bots/${botId}`, { method: 'PATCH', body: '{"name":"A\\u0000B"}', headers: json }), 400, /NUL|invalid/i);
    expectDetail(await raw(`/api/v1/bots/${botId}`, { method: 'PATCH', body: '{"name":"A\\ud800B"}', headers: json }), 400, /invalid/i);
    expectDetail(
      await raw('/api/v1/users/login', { method: 'POST', body: '{"email":"a\\u0000@example.com","password":"x"}', headers: json }),
      400,
    );

    const form = new FormData();
    form.append('file', new Blob(['# Notes\n\nSome text.'], { type: 'text/markdown' }), 'notes\u0000.md');
    const upload = await raw(`/api/v1/bots/${botId}/documents`, { method: 'POST', body: form });
    expect([201, 400]).toContain(upload.status);
    if (upload.status === 201) expect(JSON.parse(upload.text).file_name).not.toContain('\u0000');
  });
});
