import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import type { AdminOverviewRouteQuery } from './__generated__/AdminOverviewRouteQuery.graphql.ts';
import { AdminOverviewScreen, adminOverviewQuery } from './AdminOverviewRoute.tsx';
import { toneOfChange } from './AdminOverviewStats.tsx';

function renderOverview(refused?: { __typename: string; __isError: string; message: string }) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminOverviewRouteQuery>(environment, adminOverviewQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    refused
      ? { data: { admin: refused } }
      : MockPayloadGenerator.generate(operation, {
          QueryAdminResult: () => ({ __typename: 'Admin', id: 'admin-1' }),
          AdminOverview: () => ({
            totalUsers: 1234,
            usersChange: '+12.5%',
            activeBots: 56,
            botsChange: '-3.0%',
            revenue: 980.5,
            revenueChange: '+∞%',
            conversations: 7,
            conversationsChange: '+0.0%',
            recentUsers: [
              { id: 'c1', name: 'Ada Lovelace', email: 'ada@example.org', status: 'trial', plan: 'pro', joinDate: '2026-11-20T10:00:00Z' },
            ],
            topBots: [{ name: 'Support bot', owner: 'Grace Hopper', conversations: 42 }],
          }),
        }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminOverviewScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
}

describe('/admin/overview', () => {
  it('shows the four figures with their month-over-month change', async () => {
    renderOverview();
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('+12.5% from last month')).toBeTruthy();
    expect(screen.getByText('-3.0% from last month')).toBeTruthy();
    expect(screen.getByText('$980.50')).toBeTruthy();
    expect(screen.getByText('New this month')).toBeTruthy();
  });

  it('lists the recent users and the top bots', async () => {
    renderOverview();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('ada@example.org')).toBeTruthy();
    expect(screen.getByText('Support bot')).toBeTruthy();
    expect(screen.getByText('Owner: Grace Hopper')).toBeTruthy();
    expect(screen.getByText('42 conversations')).toBeTruthy();
  });

  it('says why when the viewer is not the admin', async () => {
    renderOverview({ __typename: 'ForbiddenError', __isError: 'ForbiddenError', message: 'You do not have access to this resource.' });
    expect(await screen.findByText('You do not have access to this resource.')).toBeTruthy();
    expect(screen.queryByText('Total users')).toBeNull();
  });

  it('has no serious accessibility violation', async () => {
    renderOverview();
    await screen.findByText('Ada Lovelace');
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('toneOfChange', () => {
  it.each([
    ['+12.5%', 'positive'],
    ['+∞%', 'positive'],
    ['-3.0%', 'negative'],
    ['+0.0%', 'neutral'],
  ] as const)('%s is %s', (change, tone) => {
    expect(toneOfChange(change)).toBe(tone);
  });
});
