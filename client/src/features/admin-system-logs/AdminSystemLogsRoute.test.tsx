import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../session/tokenStore.ts';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import type { AdminSystemLogsRouteQuery } from './__generated__/AdminSystemLogsRouteQuery.graphql.ts';
import { AdminSystemLogsScreen, adminSystemLogsQuery } from './AdminSystemLogsRoute.tsx';
import { eventFilterVariables, eventsExportUrl } from './SystemEventList.tsx';

const EVENTS = [
  {
    id: 'e1',
    timestamp: '2026-11-23T10:00:00Z',
    level: 'error',
    category: 'crawls',
    event: 'Crawl failed: https://a.example',
    details: 'Timeout',
  },
  { id: 'e2', timestamp: '2026-11-23T09:00:00Z', level: 'success', category: 'auth', event: 'User created: ada@example.org', details: '' },
];

function renderLogs() {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminSystemLogsRouteQuery>(environment, adminSystemLogsQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      QueryAdminResult: () => ({ __typename: 'Admin', id: 'admin-1' }),
      Admin: () => ({ id: 'admin-1', eventCategories: ['auth', 'crawls', 'legacy'] }),
      AdminEventsConnection: () => ({ totalCount: 2, edges: EVENTS.map((node) => ({ cursor: node.id, node })) }),
      PageInfo: () => ({ hasNextPage: false }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminSystemLogsScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

afterEach(() => vi.restoreAllMocks());

describe('/admin/system-logs', () => {
  it('lists the events with their level', async () => {
    renderLogs();
    expect(await screen.findByText('Crawl failed: https://a.example')).toBeTruthy();
    expect(screen.getByText('User created: ada@example.org')).toBeTruthy();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    expect(screen.getByText('2 events')).toBeTruthy();
  });

  it('names the categories in the admin language, and shows the code of one it does not know', async () => {
    renderLogs();
    await screen.findByText('Crawl failed: https://a.example');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Crawls')).toBeTruthy();
    expect(within(table).getByText('Accounts')).toBeTruthy();
    const options = within(screen.getByRole('combobox', { name: 'Category' })).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'All categories'],
      ['auth', 'Accounts'],
      ['crawls', 'Crawls'],
      ['legacy', 'legacy'],
    ]);
  });

  it('refetches with the level filter', async () => {
    const environment = renderLogs();
    await screen.findByText('Crawl failed: https://a.example');
    fireEvent.change(screen.getByRole('combobox', { name: 'Level' }), { target: { value: 'error' } });
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1), { timeout: 2000 });
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ level: 'error', category: null, search: null });
  });

  it('exports the filtered events with the token', async () => {
    vi.spyOn(tokenStore, 'accessToken').mockReturnValue('token-123');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('timestamp,level\r\n', { status: 200 }));
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderLogs();
    await screen.findByText('Crawl failed: https://a.example');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/admin/analytics/events/export'))).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).includes('/admin/analytics/events/export'))!;
    expect(String(url)).toBe('/api/v1/admin/analytics/events/export');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-123');
  });

  it('has no serious accessibility violation', async () => {
    renderLogs();
    await screen.findByText('Crawl failed: https://a.example');
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('event filters', () => {
  it('send whole UTC days and leave out what is empty', () => {
    const filters = { level: 'warning', category: '', search: ' limit ', from: '2026-11-01', to: '2026-11-02' } as const;
    expect(eventFilterVariables(filters)).toEqual({
      level: 'warning',
      category: null,
      search: 'limit',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T23:59:59.999Z',
    });
    expect(eventsExportUrl(filters)).toBe(
      '/api/v1/admin/analytics/events/export?level=warning&search=limit&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T23%3A59%3A59.999Z',
    );
  });
});
