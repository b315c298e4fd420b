import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import type { AdminWhatsAppRouteQuery } from './__generated__/AdminWhatsAppRouteQuery.graphql.ts';
import { AdminWhatsAppScreen, adminWhatsAppQuery } from './AdminWhatsAppRoute.tsx';

const LOG = {
  id: 'm1',
  timestamp: '2026-11-23T10:00:00Z',
  phone: '15550100999',
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.org',
  botName: 'Bakery helper',
  message: 'Opening hours?',
  response: '',
};

function renderWhatsApp(logs: (typeof LOG)[]) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminWhatsAppRouteQuery>(environment, adminWhatsAppQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      QueryAdminResult: () => ({ __typename: 'Admin', id: 'admin-1' }),
      WhatsAppAnalytics: () => ({ whatsappMessages: 1200, uniqueWhatsappNumbers: 34, messagesToday: 5 }),
      AdminWhatsAppLogsConnection: () => ({ totalCount: logs.length, edges: logs.map((node) => ({ cursor: node.id, node })) }),
      PageInfo: () => ({ hasNextPage: false }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminWhatsAppScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
}

describe('/admin/whatsapp-analytics', () => {
  it('shows the three counters and a friendly empty state', async () => {
    renderWhatsApp([]);
    expect(await screen.findByText('1,200')).toBeTruthy();
    expect(screen.getByText('Unique WhatsApp numbers').nextElementSibling?.textContent).toBe('34');
    expect(screen.getByText(/No WhatsApp messages yet/)).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it('lists a message with its sender, bot and an unanswered note', async () => {
    renderWhatsApp([LOG]);
    expect(await screen.findByText('Opening hours?')).toBeTruthy();
    expect(screen.getByText('15550100999')).toBeTruthy();
    expect(screen.getByText('Bakery helper')).toBeTruthy();
    expect(screen.getByText('Not answered')).toBeTruthy();
  });
});
