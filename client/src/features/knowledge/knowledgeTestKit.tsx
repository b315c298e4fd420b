import { act, waitFor } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderRoute } from '../../test/render.tsx';

export const BOT_ID = btoa('Bot:bot-1');

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

export const document = (id: string, fileName: string, status = 'completed', extra: Record<string, unknown> = {}) => ({
  __typename: 'Document',
  id,
  fileName,
  status,
  errorMessage: null,
  createdAt: '2026-11-20T10:00:00Z',
  sizeBytes: 2048,
  chunkCount: 4,
  chunksExpected: status === 'completed' ? 4 : null,
  ...extra,
});

export const crawl = (id: string, url: string, status = 'completed', extra: Record<string, unknown> = {}) => ({
  __typename: 'WebSource',
  id,
  url,
  maxDepth: 1,
  status,
  itemsCount: 3,
  pagesAdded: 3,
  pagesChanged: 0,
  pagesRemoved: 0,
  scheduled: false,
  crawlSchedule: 'OFF',
  costUsage: 0.01234,
  errorMessage: null,
  createdAt: '2026-11-20T10:00:00Z',
  scrapedAt: '2026-11-20T10:05:00Z',
  ...extra,
});

export function renderTab(element: ReactElement) {
  const environment = createMockEnvironment();
  renderRoute(<Suspense fallback="loading">{element}</Suspense>, { environment });
  return environment;
}

export function operationNamed(environment: MockEnvironment, name: string): OperationDescriptor {
  return environment.mock.findOperation((operation) => operation.request.node.params.name === name);
}

export async function resolveOperation(
  environment: MockEnvironment,
  name: string,
  resolvers: Parameters<typeof MockPayloadGenerator.generate>[1],
) {
  const operation = await waitFor(() => operationNamed(environment, name));
  await act(async () => {
    environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, resolvers));
  });
}

/** Pushes one event down a pending subscription. */
export async function pushEvent(environment: MockEnvironment, name: string, data: Record<string, unknown>) {
  const operation = operationNamed(environment, name);
  await act(async () => {
    environment.mock.nextValue(operation, { data });
  });
}
