import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../session/api.ts';
import { tokenStore } from '../../session/tokenStore.ts';
import { stubFetch } from '../../test/render.tsx';
import { uploadDocument } from './uploadDocument.ts';

interface Answer {
  status: number;
  body: unknown;
}

/** Stands in for XMLHttpRequest: records each request and answers from a queue, reporting progress first. */
class FakeRequest {
  static answers: Answer[] = [];
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
    const answer = FakeRequest.answers.shift()!;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

const originalRequest = globalThis.XMLHttpRequest;
const file = () => new File(['hello'], 'notes.md', { type: 'text/markdown' });

beforeEach(() => {
  FakeRequest.answers = [];
  FakeRequest.sent = [];
  globalThis.XMLHttpRequest = FakeRequest as unknown as typeof XMLHttpRequest;
  tokenStore.saveTokens({ accessToken: 'old-access', refreshToken: 'refresh-1', userId: 'u1' });
});

afterEach(() => {
  globalThis.XMLHttpRequest = originalRequest;
});

describe('uploadDocument', () => {
  it('posts the file as multipart field "file" with the access token, reporting progress', async () => {
    FakeRequest.answers.push({ status: 201, body: { id: 'd1' } });
    const progress: number[] = [];
    await uploadDocument('bot-1', file(), (fraction) => progress.push(fraction), 'Failed to upload document');
    const [request] = FakeRequest.sent;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/v1/bots/bot-1/documents');
    expect(request!.headers.Authorization).toBe('Bearer old-access');
    expect((request!.body!.get('file') as File).name).toBe('notes.md');
    expect(progress).toEqual([0.5]);
  });

  it('refreshes the session once on 401 and sends the file again', async () => {
    FakeRequest.answers.push({ status: 401, body: { detail: 'Authentication required' } }, { status: 201, body: { id: 'd1' } });
    const calls = stubFetch({
      'POST /users/refresh': { body: { access_token: 'new-access', refresh_token: 'refresh-2', user: { id: 'u1' } } },
    });
    await uploadDocument('bot-1', file(), () => undefined, 'Failed to upload document');
    expect(calls.map((call) => call.key)).toEqual(['POST /users/refresh']);
    expect(FakeRequest.sent.map((request) => request.headers.Authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
  });

  it("throws the server's detail, or the fallback without one", async () => {
    FakeRequest.answers.push(
      { status: 413, body: { detail: 'File too large: documents can be at most 10 MB.' } },
      { status: 500, body: 'oops' },
    );
    await expect(uploadDocument('bot-1', file(), () => undefined, 'Failed to upload document')).rejects.toEqual(
      new ApiError(413, 'File too large: documents can be at most 10 MB.'),
    );
    await expect(uploadDocument('bot-1', file(), () => undefined, 'Failed to upload document')).rejects.toThrow(
      'Failed to upload document',
    );
  });
});
